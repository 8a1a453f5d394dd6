/**
 * Where the home route's JavaScript comes from: the bytes of each package (and of the app's own
 * code) in the files check-bundle-size.ts counts for it, gzipped package by package. For deciding
 * what a budget can buy; the budgets themselves are bundle-budgets.json's.
 *
 * `npm run size:by-package` builds with source maps into a temporary folder and reads that build
 * (a folder given as the argument is read instead). Each package's slices are gzipped on their own,
 * so the rows add up to more than the files gzipped whole (a compressor shares its window across
 * neighbours); that total is printed too.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { eachMapping, TraceMap } from '@jridgewell/trace-mapping'
import { build } from 'vite'

import { BuildError, filesOf, readManifest } from './build-manifest.ts'
import { HOME_PAGE, pageKeys } from './measured-pages.ts'

const KB = 1000

/** `node_modules/@scope/name/...` → `@scope/name`; the app's own files → `(app)`; no source → `(bundler)`. */
export function packageOf(source: string | null): string {
  if (!source) return '(bundler)'
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source.replaceAll('\\', '/'))
  return match?.[1] ?? '(app)'
}

/** The generated code of `file`, sliced by the package each stretch of it was mapped from. */
function slicesByPackage(code: string, map: TraceMap, into: Map<string, string[]>): void {
  const lines = code.split('\n')
  let previous: { line: number; column: number; owner: string } | null = null
  const flush = (toLine: number, toColumn: number) => {
    if (!previous) return
    const pieces: string[] = []
    for (let line = previous.line; line <= toLine; line++) {
      const text = lines[line] ?? ''
      const from = line === previous.line ? previous.column : 0
      const to = line === toLine ? toColumn : text.length
      pieces.push(text.slice(from, to))
    }
    const slices = into.get(previous.owner) ?? []
    slices.push(pieces.join('\n'))
    into.set(previous.owner, slices)
  }
  eachMapping(map, (mapping) => {
    const line = mapping.generatedLine - 1
    flush(line, mapping.generatedColumn)
    previous = { line, column: mapping.generatedColumn, owner: packageOf(mapping.source) }
  })
  flush(lines.length - 1, lines.at(-1)?.length ?? 0)
}

function main(distDir: string): void {
  const manifest = readManifest(distDir)
  const { js } = filesOf(manifest, pageKeys(manifest, HOME_PAGE))

  const slices = new Map<string, string[]>()
  let filesGzip = 0
  let mapped = 0
  for (const file of js) {
    const code = readFileSync(join(distDir, file), 'utf8')
    filesGzip += gzipSync(code).length
    const mapFile = join(distDir, `${file}.map`)
    // The bundler's own runtime chunk comes without a map.
    if (!existsSync(mapFile)) {
      slices.set('(no source map)', [...(slices.get('(no source map)') ?? []), code])
      continue
    }
    slicesByPackage(code, new TraceMap(readFileSync(mapFile, 'utf8')), slices)
    mapped++
  }
  if (mapped === 0) throw new BuildError(`no source maps in ${distDir}: build with \`vite build --sourcemap\``)
  const rows = [...slices]
    .map(([owner, parts]) => ({ owner, gzip: gzipSync(parts.join('')).length }))
    .sort((a, b) => b.gzip - a.gzip)
  console.log(`Home route JavaScript by package (${js.length} files), each package gzipped on its own:`)
  for (const row of rows) console.log(`  ${(row.gzip / KB).toFixed(2).padStart(8)} kB  ${row.owner}`)
  const summed = rows.reduce((sum, row) => sum + row.gzip, 0)
  console.log(`  ${(summed / KB).toFixed(2).padStart(8)} kB  rows summed`)
  console.log(`  ${(filesGzip / KB).toFixed(2).padStart(8)} kB  the files gzipped whole (what the budget counts)`)
}

/** A build of the app with source maps, in a temporary folder (the app's own dist is left as it is). */
async function buildWithSourceMaps(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'promptly-web-maps-'))
  const root = join(dirname(fileURLToPath(import.meta.url)), '..')
  await build({ root, logLevel: 'warn', build: { sourcemap: true, outDir, emptyOutDir: true } })
  return outDir
}

const given = process.argv[2]
const distDir = given ?? (await buildWithSourceMaps())
try {
  main(distDir)
} catch (error) {
  if (!(error instanceof BuildError)) throw error
  console.error(`home-js-by-package: ${error.message}`)
  process.exitCode = 1
} finally {
  if (!given) rmSync(distDir, { recursive: true, force: true })
}
