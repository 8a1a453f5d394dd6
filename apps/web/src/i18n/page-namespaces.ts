import type { Namespace } from './texts-backend.ts'

const PAGES: Record<string, Namespace[]> = {
  '/about': ['info'],
  '/blog': ['info'],
  '/contact': ['info'],
  '/privacy': ['info'],
  '/terms': ['info'],
  '/transaction': ['info'],
  '/generate': ['generator'],
  '/history': ['generator'],
  '/plan': ['account'],
  '/profile': ['account'],
  '/success': ['account'],
  '/cancel': ['account'],
  '/admin': ['admin'],
  // The builder tries its tool out with the generator's own form and result panel.
  '/form': ['admin', 'generator'],
}

/**
 * The namespaces a page shows besides the everyday texts. The server preloads their chunks with
 * the page, and the browser loads them before hydrating it; route loaders load them on navigation.
 */
export function pageNamespaces(pathname: string): Namespace[] {
  if (pathname.startsWith('/checkout/')) return ['account']
  return PAGES[pathname] ?? []
}
