/**
 * Code a page asks for only when it needs it stays out of what the page loads first. Reads the
 * Vite manifest of the last build (apps/web/dist) and fails when a route's first load (the entry,
 * the route's component chunk and their static imports) holds a chunk kept lazy for it:
 * - the generator page loads core's HTML sanitiser (its parser is a fifth of the page's script)
 *   when a result is on its way (src/generator/result-sanitizer.ts), not with the page.
 *
 * Run after `vite build`: `npm run size` (turbo runs the build first; `npm test` runs both).
 */
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { BuildError, entryKey, readManifest, withStaticImports } from './build-manifest.ts'

interface LazyRule {
  route: string
  /** Matches the built file of a chunk the route must not load first. */
  chunk: RegExp
  why: string
}

const RULES: LazyRule[] = [
  {
    route: 'src/routes/generate.tsx?tsr-split=component',
    chunk: /^assets\/sanitize-html-[^/]+\.js$/,
    why: 'the sanitiser loads when a generation starts (src/generator/result-sanitizer.ts)',
  },
]

const distDir = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist')

try {
  const manifest = readManifest(distDir)
  const failures: string[] = []
  for (const rule of RULES) {
    const keys = withStaticImports(manifest, entryKey(manifest))
    withStaticImports(manifest, rule.route, keys)
    const eager = [...keys].map((key) => manifest[key]!.file).filter((file) => rule.chunk.test(file))
    if (eager.length > 0) failures.push(`${rule.route} loads ${eager.join(', ')} first; ${rule.why}`)
    else console.log(`✔ ${rule.route}: no ${rule.chunk.source} in its first load`)
  }
  if (failures.length > 0) {
    console.error(`\n✖ check-lazy-chunks:\n  ${failures.join('\n  ')}\n`)
    process.exit(1)
  }
} catch (error) {
  if (!(error instanceof BuildError)) throw error
  console.error(`\n✖ check-lazy-chunks: ${error.message}\n`)
  process.exit(1)
}
