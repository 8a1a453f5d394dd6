/**
 * Home-route JavaScript budget. Reads the Vite manifest of the last build (apps/web/dist), takes
 * the JavaScript the home page loads before it can render (the entry, its static imports, and
 * the index route's split chunk with its own static imports), gzips each file and fails when
 * the total is over budget. Lazy chunks (other routes, Clerk, the avatar menu, toasts) are not
 * counted: the home page does not load them for a signed-out visitor.
 *
 * Run after `vite build`: `npm run size` (the `test` script does both).
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}
type Manifest = Record<string, ManifestChunk>

const BUDGET_KB = Number(process.env.HOME_JS_BUDGET_KB ?? 150)
const KB = 1000 // the unit Vite prints

const distDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist')
const manifestPath = join(distDir, '.vite', 'manifest.json')

function fail(message: string): never {
  console.error(`\n✖ check-bundle-size: ${message}\n`)
  process.exit(1)
}

if (!existsSync(manifestPath)) {
  fail(`no build manifest at ${manifestPath}. Run \`vite build\` first (build.manifest must be enabled).`)
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest

/** A manifest key and everything it imports statically (what the browser must fetch with it). */
function withStaticImports(key: string, into: Set<string>): Set<string> {
  if (into.has(key)) return into
  const chunk = manifest[key]
  if (!chunk) fail(`manifest has no chunk "${key}"`)
  into.add(key)
  for (const imported of chunk.imports ?? []) withStaticImports(imported, into)
  return into
}

const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry)
if (entryKeys.length !== 1) fail(`expected one entry chunk, found ${entryKeys.length}: ${entryKeys.join(', ')}`)
const entryKey = entryKeys[0]!

// autoCodeSplitting names the home route's split pieces "src/routes/index.tsx?tsr-split=...".
const homeRouteKeys = Object.keys(manifest).filter((key) => /^src\/routes\/index\.tsx(\?|$)/.test(key))
const homeComponentKeys = homeRouteKeys.filter((key) => key.includes('tsr-split=component') || !key.includes('?'))
if (homeComponentKeys.length === 0) {
  fail('could not find the home route chunk (src/routes/index.tsx?tsr-split=component) in the manifest')
}

const keys = withStaticImports(entryKey, new Set())
for (const key of homeComponentKeys) withStaticImports(key, keys)

const rows = [...keys]
  .map((key) => manifest[key]!.file)
  .filter((file, index, files) => file.endsWith('.js') && files.indexOf(file) === index)
  .map((file) => {
    const source = readFileSync(join(distDir, file))
    return { file, raw: source.length, gzip: gzipSync(source).length }
  })
  .sort((a, b) => b.gzip - a.gzip)

const total = rows.reduce((sum, row) => sum + row.gzip, 0)
const totalRaw = rows.reduce((sum, row) => sum + row.raw, 0)
const fmt = (bytes: number) => `${(bytes / KB).toFixed(2)} kB`

console.log('\nHome route JavaScript (entry + static imports + index route chunk), gzip:')
for (const row of rows) console.log(`  ${fmt(row.gzip).padStart(11)}  ${row.file}  (${fmt(row.raw)} raw)`)
console.log(`  ${'-'.repeat(11)}`)
console.log(`  ${fmt(total).padStart(11)}  total gzip (${fmt(totalRaw)} raw), budget ${BUDGET_KB} kB`)

if (total > BUDGET_KB * KB) {
  fail(
    `the home route loads ${fmt(total)} of JavaScript (gzip), over the ${BUDGET_KB} kB budget by ` +
      `${fmt(total - BUDGET_KB * KB)}. Move heavy imports off the home path (lazy-load them) or split them out.`,
  )
}
console.log(`✔ within budget (${fmt(BUDGET_KB * KB - total)} to spare)\n`)
