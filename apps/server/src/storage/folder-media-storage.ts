import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'

import type { ByteRange } from '@promptly/api/storage/media-storage'

import type { UncheckedMediaStorage, UntypedMediaObject } from './key-checked-media-storage.ts'

/**
 * Media in a folder (by default `<DATA_DIR>/media`): the offline default. A read's content type is
 * the key's extension (media-storage.ts, added by keyCheckedStorage), so no side file is needed.
 * Keys arrive checked against newMediaKey's shape, and the resolved path must still stay inside the
 * folder, so a key can never reach another file.
 */
export class FolderMediaStorage implements UncheckedMediaStorage {
  readonly kind = 'folder' as const
  private readonly root: string

  constructor(root: string) {
    this.root = path.resolve(root)
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const file = this.fileFor(key)
    await mkdir(path.dirname(file), { recursive: true })
    // Written aside and renamed: a reader never sees half a file, a crash leaves only a temp file.
    const partial = `${file}.${randomBytes(6).toString('hex')}.partial`
    try {
      await writeFile(partial, bytes, { flag: 'wx', mode: 0o600 })
      await rename(partial, file)
    } catch (error) {
      await rm(partial, { force: true })
      throw error
    }
  }

  async get(key: string, range?: ByteRange): Promise<UntypedMediaObject | null> {
    const file = this.fileFor(key)
    const size = await stat(file).then(
      (info) => (info.isFile() ? info.size : null),
      (error: unknown) => {
        if (isNotFound(error)) return null
        throw error
      },
    )
    if (size === null) return null
    const body = createReadStream(file, range ? { start: range.start, end: range.end } : {})
    return { body, size, ...(range && { range }) }
  }

  async delete(key: string): Promise<void> {
    await rm(this.fileFor(key), { force: true })
  }

  private fileFor(key: string): string {
    const file = path.resolve(this.root, ...key.split('/'))
    if (!file.startsWith(this.root + path.sep)) throw new Error('Not a media key')
    return file
  }
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT'
}
