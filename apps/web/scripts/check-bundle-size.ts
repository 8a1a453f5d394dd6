/**
 * Bundle budgets. Reads the Vite manifest of a build (apps/web/dist, or the folder given) and gzips
 * what each measured page loads before it hydrates (measured-pages.ts: the home page, a tool's page,
 * the plans): the entry with the footer, the route's chunk and the English texts the page shows.
 * - JavaScript: each page's total is held to its record in bundle-budgets.json, as a ratchet
 *   (bundle-budgets.ts): more than 1 kB over fails, and so does more than 1 kB under, until the
 *   record is lowered. The translation layer is i18next and its React binding (18 kB) plus the
 *   everyday texts (3.5 kB, one chunk per language); each area's other texts are a namespace loaded
 *   with its pages (src/i18n/page-namespaces.ts).
 * - CSS of the home page (HOME_CSS_BUDGET_KB, 25 kB by default): the entry's stylesheets block the
 *   first paint, and the route chunk's are loaded before the route renders; so do those of the lazy
 *   parts the server renders into the page (the catalogue, the footer), which its head links.
 *
 * `npm run size` checks (turbo builds first; `npm test` runs both); `npm run size:record` rewrites
 * bundle-budgets.json with the build's sizes. Arguments: a build folder, `--write` to record.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'

import { BuildError, filesOf, readManifest, withStaticImports, type Manifest } from './build-manifest.ts'
import {
  BUDGET_FILE_NAME,
  BUDGET_TOLERANCE_BYTES,
  budgetFailure,
  BudgetFileError,
  budgetFileText,
  formatKb,
  judgeBudgets,
  parseBudgetFile,
  type BudgetVerdict,
} from './bundle-budgets.ts'
import { everyPageKeys, HOME_PAGE, MEASURED_PAGES, pageKeys } from './measured-pages.ts'

const CSS_BUDGET_KB = Number(process.env.HOME_CSS_BUDGET_KB ?? 25)
/** Lazy modules the server renders into the home page (apps/server/src/web/page-assets.ts links their CSS). */
const SERVER_RENDERED_LAZY_KEYS = ['src/catalogue/Catalogue.tsx', 'src/layout/SiteFooter.tsx']

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const BUDGET_FILE = join(appDir, BUDGET_FILE_NAME)
const { values: options, positionals } = parseArgs({
  options: { write: { type: 'boolean', default: false } },
  allowPositionals: true,
})
// The build to measure: apps/web/dist unless a folder is given (`tsx scripts/check-bundle-size.ts dist-mine`).
const distDir = positionals[0] ?? join(appDir, 'dist')

interface FileSize {
  file: string
  raw: number
  gzip: number
}

const sizes = new Map<string, FileSize>()
function sizeOf(file: string): FileSize {
  let size = sizes.get(file)
  if (!size) {
    const source = readFileSync(join(distDir, file))
    size = { file, raw: source.length, gzip: gzipSync(source).length }
    sizes.set(file, size)
  }
  return size
}

const total = (rows: FileSize[]) => ({
  gzip: rows.reduce((sum, row) => sum + row.gzip, 0),
  raw: rows.reduce((sum, row) => sum + row.raw, 0),
})

/** Prints the files' gzip sizes, largest first, and their total named `label`; returns the total. */
function printFiles(files: string[], label: string): number {
  const rows = files.map(sizeOf).sort((a, b) => b.gzip - a.gzip)
  for (const row of rows) console.log(`  ${formatKb(row.gzip).padStart(11)}  ${row.file}  (${formatKb(row.raw)} raw)`)
  const sum = total(rows)
  console.log(`  ${'-'.repeat(11)}`)
  console.log(`  ${formatKb(sum.gzip).padStart(11)}  ${label} (${formatKb(sum.raw)} raw)`)
  return sum.gzip
}

/** Prints each page's files (those every page loads, once) and returns each page's gzip total. */
function measurePages(manifest: Manifest): Record<string, number> {
  const shared = filesOf(manifest, everyPageKeys(manifest)).js
  console.log('\nJavaScript each page loads before it hydrates, gzip.\nEvery page (the entry and the footer):')
  printFiles(shared, "every page's")
  const measured: Record<string, number> = {}
  for (const page of MEASURED_PAGES) {
    const files = filesOf(manifest, pageKeys(manifest, page)).js
    const size = total(files.map(sizeOf)).gzip
    measured[page.path] = size
    console.log(`\n${page.path} (${page.shows}): every page's, and`)
    printFiles(
      files.filter((file) => !shared.includes(file)),
      'its own',
    )
    console.log(`  ${formatKb(size).padStart(11)}  in all`)
  }
  return measured
}

/** The CSS the home page's first paint waits for, against its fixed budget; a failure's words, or null. */
function checkHomeCss(manifest: Manifest): string | null {
  const styled = pageKeys(manifest, HOME_PAGE)
  // The server-rendered home page also shows the lazy parts it rendered (the catalogue, the footer)
  // and links their stylesheets in its head: the first paint waits for those too.
  for (const key of SERVER_RENDERED_LAZY_KEYS) withStaticImports(manifest, key, styled)
  console.log('\nCSS the home page blocks on (entry + index route chunk + what the server renders), gzip:')
  const gzip = printFiles(filesOf(manifest, styled).css, `total, budget ${CSS_BUDGET_KB} kB`)
  const spare = CSS_BUDGET_KB * 1000 - gzip
  if (spare < 0) return `home page CSS: ${formatKb(gzip)}, over the ${CSS_BUDGET_KB} kB budget by ${formatKb(-spare)}.`
  console.log(`✔ within budget (${formatKb(spare)} to spare)`)
  return null
}

/** The records in bundle-budgets.json; none when there is no such file (every page then fails as unrecorded). */
function readRecords(): Record<string, number> {
  if (!existsSync(BUDGET_FILE)) return {}
  return parseBudgetFile(readFileSync(BUDGET_FILE, 'utf8')).jsGzipBytes
}

function verdictLine(verdict: BudgetVerdict): string {
  if (verdict.status === 'unrecorded') return `✖ ${verdict.page}: ${formatKb(verdict.measured)}, no record`
  if (verdict.status === 'unmeasured') return `✖ ${verdict.page}: recorded ${formatKb(verdict.recorded)}, not measured`
  const change = verdict.measured - verdict.recorded
  const moved = `${change < 0 ? '-' : '+'}${formatKb(Math.abs(change))}`
  const mark = verdict.status === 'within' ? '✔' : '✖'
  const record = formatKb(verdict.recorded)
  return `${mark} ${verdict.page}: ${formatKb(verdict.measured)}, ${moved} from its record of ${record}`
}

try {
  const manifest = readManifest(distDir)
  const records = options.write ? {} : readRecords()
  const measured = measurePages(manifest)
  const failures: string[] = []
  const cssFailure = checkHomeCss(manifest)
  if (cssFailure) failures.push(cssFailure)

  if (options.write) {
    writeFileSync(BUDGET_FILE, budgetFileText(measured))
    console.log(`\n✔ recorded in bundle-budgets.json: commit it, with a word on why the figures moved.`)
  } else {
    console.log(`\nJavaScript against bundle-budgets.json (${formatKb(BUDGET_TOLERANCE_BYTES)} either way allowed):`)
    for (const verdict of judgeBudgets(measured, records)) {
      console.log(verdictLine(verdict))
      const failure = budgetFailure(verdict)
      if (failure) failures.push(failure)
    }
  }
  if (failures.length > 0) {
    console.error(`\n✖ check-bundle-size:\n  ${failures.join('\n  ')}\n`)
    process.exit(1)
  }
  console.log()
} catch (error) {
  if (!(error instanceof BuildError || error instanceof BudgetFileError)) throw error
  console.error(`\n✖ check-bundle-size: ${error.message}\n`)
  process.exit(1)
}
