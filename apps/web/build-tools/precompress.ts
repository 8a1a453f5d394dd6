import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin, ResolvedConfig } from 'vite'

/**
 * Text formats the server sends; images, fonts and media are compressed formats already and only
 * grow when compressed again.
 */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.map', '.txt', '.xml', '.webmanifest'])

/** Below this a file fits a packet or two either way (the server's dynamic threshold is the same). */
export const MIN_PRECOMPRESS_BYTES = 1024

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

export interface PrecompressedFile {
  file: string
  raw: number
  br: number
  gzip: number
}

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) sibling beside every compressible file of `dir` of at
 * least `minBytes`, at each format's highest level: a build compresses once, so its cost does not
 * matter, while per-request compression must stay cheap and so compresses less. A sibling that
 * would not be smaller than its file is not written. Dot folders (Vite's manifest) are not served
 * and are skipped.
 */
export async function precompressDir(dir: string, minBytes = MIN_PRECOMPRESS_BYTES): Promise<PrecompressedFile[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.has(path.extname(entry.name)))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter(
      (file) =>
        !path
          .relative(dir, file)
          .split(path.sep)
          .some((part) => part.startsWith('.')),
    )
  const done = await Promise.all(files.map((file) => precompressFile(dir, file, minBytes)))
  return done.filter((result): result is PrecompressedFile => result !== null)
}

async function precompressFile(dir: string, file: string, minBytes: number): Promise<PrecompressedFile | null> {
  const source = await readFile(file)
  if (source.byteLength < minBytes) return null
  const [br, gz] = await Promise.all([
    brotliAsync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.byteLength,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ])
  if (br.byteLength < source.byteLength) await writeFile(`${file}.br`, br)
  if (gz.byteLength < source.byteLength) await writeFile(`${file}.gz`, gz)
  return { file: path.relative(dir, file), raw: source.byteLength, br: br.byteLength, gzip: gz.byteLength }
}

/** After the build has written its output (public files included), precompresses the output folder. */
export function precompress(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'promptly:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir)
      const done = await precompressDir(outDir)
      const sum = (pick: (file: PrecompressedFile) => number) => done.reduce((total, file) => total + pick(file), 0)
      const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`
      config.logger.info(
        `precompressed ${done.length} files: ${kB(sum((f) => f.raw))} raw, ` +
          `${kB(sum((f) => f.br))} brotli, ${kB(sum((f) => f.gzip))} gzip`,
      )
    },
  }
}
