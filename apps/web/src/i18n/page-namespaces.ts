import type { Namespace } from './texts-backend.ts'

const INFO_PAGES = new Set(['/about', '/blog', '/contact', '/privacy', '/terms', '/transaction'])
const ADMIN_PAGES = new Set(['/admin', '/form'])

/**
 * The namespaces a page shows besides the everyday texts. The server preloads their chunks with
 * the page, and the browser loads them before hydrating it; route loaders load them on navigation.
 */
export function pageNamespaces(pathname: string): Namespace[] {
  if (INFO_PAGES.has(pathname)) return ['info']
  if (ADMIN_PAGES.has(pathname)) return ['admin']
  return []
}
