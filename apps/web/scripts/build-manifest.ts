/**
 * Reading a Vite build (apps/web/dist): its manifest, and which files the browser must fetch for
 * a chunk. Shared by the bundle budgets (measured-pages.ts), the styles check (check-mantine-styles.ts)
 * and the lazy chunks check (check-lazy-chunks.ts).
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

/**
 * A route's component chunk: autoCodeSplitting names it after the route's file, as
 * "src/routes/plan.tsx?tsr-split=component" (or the file itself, for a route it does not split).
 */
export function routeComponentKeys(manifest: Manifest, routeFile: string): string[] {
  const keys = Object.keys(manifest).filter(
    (key) => key === routeFile || (key.startsWith(`${routeFile}?`) && key.includes('tsr-split=component')),
  )
  if (keys.length === 0) throw new BuildError(`could not find the route chunk of ${routeFile} in the manifest`)
  return keys
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
