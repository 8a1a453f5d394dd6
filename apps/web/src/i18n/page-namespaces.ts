import type { Namespace } from './texts-backend.ts'

/**
 * Every page by its route's path, with the namespaces it shows besides the everyday texts. The
 * route tree imports this module (routes/__root.tsx), so the check that every route is named here,
 * and nothing else, is the test's (page-namespaces.test.ts): a new route fails it, in the type check
 * and at run time, until its texts are named here.
 */
export const PAGE_TEXTS = {
  '/': [],
  '/login': [],
  '/forgot-password': [],
  '/reset-password': [],
  '/about': ['info'],
  '/blog': ['info'],
  '/contact': ['info'],
  '/privacy': ['info'],
  '/terms': ['info'],
  '/transaction': ['info'],
  '/generate': ['generator'],
  '/history': ['generator'],
  '/bulk': ['generator'],
  '/bulk/$jobId': ['generator'],
  '/plan': ['account'],
  '/profile': ['account'],
  '/success': ['account'],
  '/cancel': ['account'],
  '/checkout/$purchaseId': ['account'],
  '/admin': ['admin'],
  // The builder tries its tool out with the generator's own form and result panel.
  '/form': ['admin', 'generator'],
} as const satisfies Record<string, readonly Namespace[]>

type RoutePath = keyof typeof PAGE_TEXTS

/** Route paths with parameters (`$purchaseId`), as patterns a pathname is matched against. */
const PARAMETER_PATHS = Object.entries(PAGE_TEXTS)
  .filter(([routePath]) => routePath.includes('$'))
  .map(([routePath, namespaces]) => ({
    pattern: new RegExp(`^${routePath.replace(/\$[^/]+/g, '[^/]+')}$`),
    namespaces,
  }))

function isRoutePath(path: string): path is RoutePath {
  return Object.hasOwn(PAGE_TEXTS, path)
}

/**
 * The namespaces the page at `pathname` shows besides the everyday texts; none for an address no
 * route has. The server preloads their chunks with the page, the browser loads them before it
 * hydrates, and the root route loads them before every navigation renders (routes/__root.tsx).
 */
export function pageNamespaces(pathname: string): Namespace[] {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname
  if (isRoutePath(path)) return [...PAGE_TEXTS[path]]
  return [...(PARAMETER_PATHS.find(({ pattern }) => pattern.test(path))?.namespaces ?? [])]
}
