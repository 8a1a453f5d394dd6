import { readFileSync } from 'node:fs'
import path from 'node:path'

import type { Language } from '@promptly/core/web/languages'

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string
  imports?: string[]
  css?: string[]
}
type ViteManifest = Record<string, ManifestChunk>

/** The entry: index.html links its own CSS and JS already. */
const ENTRY_KEY = 'index.html'

/**
 * Modules a route renders through React.lazy on the server: their markup is in the page, so their
 * CSS must be too, and their code is preloaded (hydration waits for it). The footer is on every
 * page; the dedicated tool screens are one of four, so only their (small) CSS is linked.
 */
const LAZY_MODULES_RENDERED: Record<string, { key: string; preload: boolean }[]> = {
  __root__: [{ key: 'src/layout/SiteFooter.tsx', preload: true }],
  '/': [{ key: 'src/catalogue/Catalogue.tsx', preload: true }],
  '/generate': ['Paraphrase', 'Image', 'TextToAudio', 'Transcription'].map((screen) => ({
    key: `src/generator/media/${screen}Screen.tsx`,
    preload: false,
  })),
}
const NOT_FOUND_MODULE = { key: 'src/errors/NotFoundPage.tsx', preload: true }
/** What takes the server's markup over in the browser (src/ssr/hydrate-page.ts). */
const HYDRATION_MODULE = { key: 'src/ssr/hydrate-page.ts', preload: true }

export interface PageAssets {
  css: string[]
  modules: string[]
}

/**
 * The stylesheets and script chunks of a rendered page's routes, read from the client build's
 * manifest: linking the CSS makes the first paint styled (each Mantine component's styles live in
 * the chunk that renders it), preloading the chunks lets hydration start without a waterfall.
 */
export function pageAssetsReader(
  distDir: string,
): (routeIds: string[], notFound: boolean, texts: TextsChunks) => PageAssets {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest
  const cache = new Map<string, PageAssets>()
  return (routeIds, notFound, texts) => {
    const cacheKey = `${routeIds.join('\0')}\0${notFound}\0${texts.language}\0${texts.namespaces.join()}`
    const cached = cache.get(cacheKey)
    if (cached) return cached
    const modules = routeIds.flatMap((id) => [
      { key: routeChunkKey(id), preload: true },
      ...(LAZY_MODULES_RENDERED[id] ?? []),
    ])
    if (notFound) modules.push(NOT_FOUND_MODULE)
    modules.push(HYDRATION_MODULE, ...textsModules(texts))
    const assets = collect(manifest, modules)
    cache.set(cacheKey, assets)
    return assets
  }
}

/** The page's language and the namespaces it shows besides the everyday texts (src/i18n/page-namespaces.ts). */
export interface TextsChunks {
  language: Language
  namespaces: string[]
}

/** The chunks of the page's texts (src/i18n/bundles): the browser loads them before it hydrates. */
function textsModules({ language, namespaces }: TextsChunks): { key: string; preload: boolean }[] {
  return [
    { key: `src/i18n/bundles/${language}.ts`, preload: true },
    ...namespaces.map((namespace) => ({ key: `src/i18n/bundles/${language}-${namespace}.ts`, preload: true })),
  ]
}

/** The key the router plugin's split component chunk has: `/_authed/plan` is src/routes/_authed/plan.tsx. */
function routeChunkKey(routeId: string): string {
  const file = routeId === '/' ? 'index' : routeId.replace(/^\//, '')
  return `src/routes/${file}.tsx?tsr-split=component`
}

function collect(manifest: ViteManifest, wanted: { key: string; preload: boolean }[]): PageAssets {
  const seen = new Set<string>([ENTRY_KEY, ...withStaticImports(manifest, ENTRY_KEY)])
  const css: string[] = []
  const modules: string[] = []
  // A chunk's stylesheets come after those of the chunks it imports (Mantine's order: Button after UnstyledButton).
  const visit = (key: string, preload: boolean) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) return
    for (const imported of chunk.imports ?? []) visit(imported, preload)
    css.push(...(chunk.css ?? []))
    if (preload) modules.push(chunk.file)
  }
  for (const { key, preload } of wanted) visit(key, preload)
  return { css: [...new Set(css)], modules }
}

function withStaticImports(manifest: ViteManifest, key: string, into = new Set<string>()): Set<string> {
  for (const imported of manifest[key]?.imports ?? []) {
    if (into.has(imported)) continue
    into.add(imported)
    withStaticImports(manifest, imported, into)
  }
  return into
}

/**
 * The text of a file of the client build, read once: the server puts a page's CSS and the
 * colour-scheme script in the page itself (see pageDocument in page-document.ts).
 */
export function builtTextReader(distDir: string): (file: string) => string {
  const texts = new Map<string, string>()
  return (file) => {
    let text = texts.get(file)
    if (text === undefined) {
      text = readFileSync(path.join(distDir, file), 'utf8')
      texts.set(file, text)
    }
    return text
  }
}
