import { readFile } from 'node:fs/promises'
import { MemoryFS, PGlite } from '@electric-sql/pglite'

import { PGLITE_EXTENSIONS } from '../client.ts'

/** A template's data folder as paths under PGDATA, read from its dump once per process. */
interface TemplateFiles {
  dirs: string[]
  files: { path: string; data: Uint8Array }[]
}

/**
 * Every clone allocates and zeroes PostgreSQL's shared memory at start-up: with initdb's 128MB of
 * shared buffers that was a fifth of a clone's CPU. A test database holds a few megabytes, and pages
 * that do not fit are read back from the in-memory file system, so only the cost changes.
 */
const CLONE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB']

const parsedTemplates = new Map<string, Promise<TemplateFiles>>()

/**
 * A fresh in-memory PGlite holding a copy of the template dumped at `templatePath`: what
 * `PGlite.create({ loadDataDir })` gives, for about half its CPU. `loadDataDir` copies the 40MB dump
 * out of its Blob and parses it again on every clone, looking up each file's folders one by one;
 * here the dump is parsed once per process and its files are written straight into the new
 * instance's file system, which copies them: no clone can change the template or another clone.
 */
export async function clonePGliteTemplate(templatePath: string): Promise<PGlite> {
  let template = parsedTemplates.get(templatePath)
  if (!template) {
    // A plain Uint8Array, not the Buffer readFile gives: the file system copies a file's bytes with
    // `slice`, which on a Buffer is a view, and the clones would then write into the template.
    template = readFile(templatePath).then((bytes) => parseTar(new Uint8Array(bytes)))
    parsedTemplates.set(templatePath, template)
  }
  const fs = new TemplateFS(await template)
  return PGlite.create({ fs, extensions: PGLITE_EXTENSIONS, startParams: CLONE_START_PARAMS })
}

/** An in-memory file system whose data folder starts as the template's: PGlite then starts on it. */
class TemplateFS extends MemoryFS {
  constructor(private readonly template: TemplateFiles) {
    super()
  }

  override async initialSyncFs(): Promise<void> {
    await super.initialSyncFs()
    const fs = this.pg!.Module.FS
    const root = PGlite.paths.PGDATA
    fs.mkdirTree(root)
    for (const dir of this.template.dirs) fs.mkdirTree(`${root}/${dir}`)
    for (const file of this.template.files) fs.writeFile(`${root}/${file.path}`, file.data)
  }
}

const TAR_BLOCK = 512

/**
 * The folders and regular files of an uncompressed tar archive, as `dumpDataDir('none')` writes it
 * (ustar headers; names relative to the data folder). File contents are views into `bytes`.
 */
function parseTar(bytes: Uint8Array): TemplateFiles {
  const text = (from: number, length: number): string => {
    const field = bytes.subarray(from, from + length)
    const end = field.indexOf(0)
    return Buffer.from(end < 0 ? field : field.subarray(0, end)).toString('utf8')
  }
  const parsed: TemplateFiles = { dirs: [], files: [] }
  for (let at = 0; at + TAR_BLOCK <= bytes.length;) {
    const name = text(at, 100)
    if (!name) break // the archive ends with empty blocks
    const prefix = text(at + 345, 155)
    const path = (prefix ? `${prefix}/${name}` : name).replace(/^\/+|\/+$/g, '')
    const size = parseInt(text(at + 124, 12).trim() || '0', 8)
    const type = bytes[at + 156]
    const start = at + TAR_BLOCK
    if (type === 0x35)
      parsed.dirs.push(path) // '5': a folder
    else if (type === 0x30 || type === 0) parsed.files.push({ path, data: bytes.subarray(start, start + size) })
    else throw new Error(`Unexpected entry type ${type} for ${path} in a PGlite data-folder dump`)
    at = start + Math.ceil(size / TAR_BLOCK) * TAR_BLOCK
  }
  return parsed
}
