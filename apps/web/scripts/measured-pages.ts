/**
 * The pages whose JavaScript has a recorded budget (bundle-budgets.json), and the files each loads
 * before it hydrates: the entry and the footer (every page: src/ssr/hydrate-page.ts waits for the
 * footer), the route's component chunk, and the English texts the page shows (the everyday ones
 * and the page's namespaces, src/i18n/page-namespaces.ts), each with its static imports.
 * Lazy parts the page does not wait for (the catalogue below the home page's hero, Clerk, toasts,
 * a tool's dedicated screen on the tools that have one) are not counted.
 */
import { pageNamespaces } from '../src/i18n/page-namespaces.ts'
import { entryKey, routeComponentKeys, withStaticImports, type Manifest } from './build-manifest.ts'

export interface MeasuredPage {
  /** The route's path: the page's name in bundle-budgets.json and in pageNamespaces. */
  path: string
  /** The route's file, whose component chunk the page loads. */
  routeFile: string
  /** What a reader of the check's output sees on it. */
  shows: string
}

export const HOME_PAGE: MeasuredPage = { path: '/', routeFile: 'src/routes/index.tsx', shows: 'the home page' }

export const MEASURED_PAGES: MeasuredPage[] = [
  HOME_PAGE,
  { path: '/generate', routeFile: 'src/routes/generate.tsx', shows: "a tool's page, with the generic form" },
  { path: '/plan', routeFile: 'src/routes/plan.tsx', shows: 'the plans' },
]

/** Lazy modules the server renders into every page and the browser loads before it hydrates. */
const RENDERED_ON_EVERY_PAGE = ['src/layout/SiteFooter.tsx']

/** The manifest keys every page loads before it hydrates, with their static imports. */
export function everyPageKeys(manifest: Manifest): Set<string> {
  const keys = withStaticImports(manifest, entryKey(manifest))
  for (const key of RENDERED_ON_EVERY_PAGE) withStaticImports(manifest, key, keys)
  return keys
}

/** The manifest keys `page` loads before it hydrates, with their static imports. */
export function pageKeys(manifest: Manifest, page: MeasuredPage): Set<string> {
  const keys = everyPageKeys(manifest)
  const texts = ['', ...pageNamespaces(page.path).map((namespace) => `-${namespace}`)].map(
    (suffix) => `src/i18n/bundles/en${suffix}.ts`,
  )
  for (const key of [...routeComponentKeys(manifest, page.routeFile), ...texts]) {
    withStaticImports(manifest, key, keys)
  }
  return keys
}
