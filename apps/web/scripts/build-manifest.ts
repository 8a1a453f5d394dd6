/**
 * Reading a Vite build (apps/web/dist): its manifest, and which files the browser must fetch for
 * a chunk. Shared by the bundle budgets (check-bundle-size.ts) and the styles check (check-mantine-styles.ts).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
export type Manifest = Record<string, ManifestChunk>

export class BuildError extends Error {}

export function readManifest(distDir: string): Manifest {
  const manifestPath = join(distDir, '.vite', 'manifest.json')
  if (!existsSync(manifestPath)) {
    throw new BuildError(
      `no build manifest at ${manifestPath}. Run \`vite build\` first (build.manifest must be enabled).`,
    )
  }
  return JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest
}

/** A manifest key and everything it imports statically: what the browser must fetch with it. */
export function withStaticImports(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into
  const chunk = manifest[key]
  if (!chunk) throw new BuildError(`manifest has no chunk "${key}"`)
  into.add(key)
  for (const imported of chunk.imports ?? []) withStaticImports(manifest, imported, into)
  return into
}

export function entryKey(manifest: Manifest): string {
  const keys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry)
  if (keys.length !== 1) throw new BuildError(`expected one entry chunk, found ${keys.length}: ${keys.join(', ')}`)
  return keys[0]!
}

/** The home route's component chunk: autoCodeSplitting names it "src/routes/index.tsx?tsr-split=component". */
export function homeComponentKeys(manifest: Manifest): string[] {
  const keys = Object.keys(manifest)
    .filter((key) => /^src\/routes\/index\.tsx(\?|$)/.test(key))
    .filter((key) => key.includes('tsr-split=component') || !key.includes('?'))
  if (keys.length === 0) {
    throw new BuildError(
      'could not find the home route chunk (src/routes/index.tsx?tsr-split=component) in the manifest',
    )
  }
  return keys
}

/** The everyday texts in English (src/i18n/texts-backend.ts loads them before the first render). */
const ENGLISH_TEXTS_KEY = 'src/i18n/bundles/en.ts'

/**
 * What the home page loads before it can render: the entry, its static imports, the index route's
 * split chunk with its own, and the English texts with theirs.
 */
export function homeRouteKeys(manifest: Manifest): Set<string> {
  const keys = withStaticImports(manifest, entryKey(manifest))
  for (const key of homeComponentKeys(manifest)) withStaticImports(manifest, key, keys)
  return withStaticImports(manifest, ENGLISH_TEXTS_KEY, keys)
}

/** The JavaScript and CSS files of some manifest keys, each once. */
export function filesOf(manifest: Manifest, keys: Iterable<string>): { js: string[]; css: string[] } {
  const js = new Set<string>()
  const css = new Set<string>()
  for (const key of keys) {
    const chunk = manifest[key]!
    if (chunk.file.endsWith('.js')) js.add(chunk.file)
    for (const file of chunk.css ?? []) css.add(file)
  }
  return { js: [...js], css: [...css] }
}
