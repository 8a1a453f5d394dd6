/**
 * Code a page asks for only when it needs it stays out of what the page loads first. Reads the
 * Vite manifest of the last build (apps/web/dist) and fails when a route's first load (the entry,
 * the route's component chunk and their static imports) holds a chunk kept lazy for it:
 * - a tool's page loads core's HTML sanitiser (its parser is a fifth of the page's script) when a
 *   result is on its way (src/generator/result-sanitizer.ts), not with the page;
 * - and zod with the request schemas when a form is touched (src/generator/media/media-requests.ts):
 *   the generic form checks its required fields with core's plain rules, and ids are checked
 *   with core's isUuid.
 *
 * Run after `vite build`: `npm run size` (turbo runs the build first; `npm test` runs both).
 */
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { BuildError, entryKey, readManifest, withStaticImports } from './build-manifest.ts'

interface LazyRule {
  /** Manifest keys whose first load is checked: a route's component chunk, a screen it shows. */
  pages: string[]
  /** Matches the built file of a chunk they must not load first (and that the build must hold). */
  chunk: RegExp
  why: string
}

/** A tool's page: the generic form, or one of the dedicated screens the server renders into it. */
const TOOL_PAGES = [
  'src/routes/generate.tsx?tsr-split=component',
  ...['ImageScreen', 'ParaphraseScreen', 'TextToAudioScreen'].map((screen) => `src/generator/media/${screen}.tsx`),
]

const RULES: LazyRule[] = [
  {
    pages: TOOL_PAGES,
    chunk: /^assets\/sanitize-html-[^/]+\.js$/,
    why: 'the sanitiser loads when a generation starts (src/generator/result-sanitizer.ts)',
  },
  {
    // zod's own chunk, named after its largest module (zod/v4/classic/schemas.js).
    pages: TOOL_PAGES,
    chunk: /^assets\/schemas-[^/]+\.js$/,
    why: 'zod loads with the request schemas when a form is touched (src/generator/media/media-requests.ts)',
  },
]

const distDir = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist')

try {
  const manifest = readManifest(distDir)
  const failures: string[] = []
  for (const rule of RULES) {
    // A chunk renamed by a new version of a library must not turn this check into one that cannot fail.
    if (!Object.values(manifest).some((chunk) => rule.chunk.test(chunk.file))) {
      failures.push(`no chunk of the build matches ${rule.chunk.source}: update the rule`)
      continue
    }
    for (const page of rule.pages) {
      const keys = withStaticImports(manifest, entryKey(manifest))
      withStaticImports(manifest, page, keys)
      const eager = [...keys].map((key) => manifest[key]!.file).filter((file) => rule.chunk.test(file))
      if (eager.length > 0) failures.push(`${page} loads ${eager.join(', ')} first; ${rule.why}`)
      else console.log(`✔ ${page}: no ${rule.chunk.source} in its first load`)
    }
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
