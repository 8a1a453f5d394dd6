/**
 * Home-route budgets. Reads the Vite manifest of the last build (apps/web/dist) and takes what the
 * home page loads before it can render: the entry, its static imports, and the index route's
 * split chunk with its own static imports. Gzips each file and fails when either total is over budget:
 * - JavaScript (HOME_JS_BUDGET_KB, 179 kB by default), the English texts chunk included: the page
 *   waits for it before it hydrates. The translation layer costs 21.5 kB of it: i18next and its React
 *   binding (18 kB) and the everyday texts (3.5 kB, one chunk per language: the shell's, the home
 *   page's and signing in; each other area's texts are a namespace loaded with its pages, see
 *   src/i18n/page-namespaces.ts);
 * - CSS (HOME_CSS_BUDGET_KB, 25 kB by default): the entry's stylesheets block the first paint, and
 *   the route chunk's are loaded before the route renders; so do those of the lazy parts the server
 *   renders into the page (the catalogue, the footer), which its head links.
 * Lazy chunks (other routes, the catalogue below the hero, Clerk, the avatar menu, toasts) are not
 * counted: the home page does not wait for them.
 *
 * Run after `vite build`: `npm run size` (turbo runs the build first; `npm test` runs both).
 */
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

import { BuildError, filesOf, homeRouteKeys, readManifest, withStaticImports } from './build-manifest.ts'

const JS_BUDGET_KB = Number(process.env.HOME_JS_BUDGET_KB ?? 179)
const CSS_BUDGET_KB = Number(process.env.HOME_CSS_BUDGET_KB ?? 25)
const KB = 1000 // the unit Vite prints
/** Lazy modules the server renders into the home page (apps/server/src/web/page-assets.ts links their CSS). */
const SERVER_RENDERED_LAZY_KEYS = ['src/catalogue/Catalogue.tsx', 'src/layout/SiteFooter.tsx']

// The build to measure: apps/web/dist unless a folder is given (`tsx scripts/check-bundle-size.ts /tmp/dist`).
const distDir = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist')

const fmt = (bytes: number) => `${(bytes / KB).toFixed(2)} kB`

/** Prints the files' gzip sizes, largest first, and says whether their total fits `budgetKb`. */
function report(title: string, files: string[], budgetKb: number): string | null {
  const rows = files
    .map((file) => {
      const source = readFileSync(join(distDir, file))
      return { file, raw: source.length, gzip: gzipSync(source).length }
    })
    .sort((a, b) => b.gzip - a.gzip)
  const total = rows.reduce((sum, row) => sum + row.gzip, 0)
  const totalRaw = rows.reduce((sum, row) => sum + row.raw, 0)
  console.log(`\n${title}, gzip:`)
  for (const row of rows) console.log(`  ${fmt(row.gzip).padStart(11)}  ${row.file}  (${fmt(row.raw)} raw)`)
  console.log(`  ${'-'.repeat(11)}`)
  console.log(`  ${fmt(total).padStart(11)}  total gzip (${fmt(totalRaw)} raw), budget ${budgetKb} kB`)
  if (total > budgetKb * KB) {
    return `${title}: ${fmt(total)} (gzip), over the ${budgetKb} kB budget by ${fmt(total - budgetKb * KB)}.`
  }
  console.log(`✔ within budget (${fmt(budgetKb * KB - total)} to spare)`)
  return null
}

try {
  const manifest = readManifest(distDir)
  const keys = homeRouteKeys(manifest)
  const { js } = filesOf(manifest, keys)
  // The server-rendered home page also shows the lazy parts it rendered (the catalogue, the footer)
  // and links their stylesheets in its head: the first paint waits for those too.
  const styled = new Set(keys)
  for (const key of SERVER_RENDERED_LAZY_KEYS) withStaticImports(manifest, key, styled)
  const { css } = filesOf(manifest, styled)

  const failures = [
    report('Home route JavaScript (entry + static imports + index route chunk)', js, JS_BUDGET_KB),
    report('CSS the home page blocks on (entry + index route chunk + what the server renders)', css, CSS_BUDGET_KB),
  ].filter((failure) => failure !== null)
  if (failures.length > 0) {
    console.error(`\n✖ check-bundle-size: ${failures.join('\n  ')}`)
    console.error('  Move heavy imports off the home path (lazy-load them) or split them out.\n')
    process.exit(1)
  }
  console.log()
} catch (error) {
  if (!(error instanceof BuildError)) throw error
  console.error(`\n✖ check-bundle-size: ${error.message}\n`)
  process.exit(1)
}
