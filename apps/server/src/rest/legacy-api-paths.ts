/**
 * The legacy client called some endpoints with no /api prefix (spec section 7: GET /plans, /limits,
 * /user/get/all, /payment/..., /admin/addCreditManual, /templates/delete/{id}, /plans/history).
 * They are API paths: they answer JSON in the legacy envelope (the same handlers as under /api/v1:
 * limits, bookmarks, plans and checkout; a 404 for those not built yet), never the web
 * page, and the rate limit counts them. `/admin` and `/plan` themselves are pages; only what lies
 * under /admin/ is the API's.
 */
const LEGACY_API_EXACT = new Set(['/plans', '/limits', '/user/get/all', '/bookmarks'])
const LEGACY_API_UNDER = ['/payment/', '/admin/', '/templates/', '/plans/', '/limits/', '/bookmarks/']

/** Whether a decoded path (no query) is one of the legacy unprefixed API paths. */
export function isLegacyApiPath(pathname: string): boolean {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname
  return (
    LEGACY_API_EXACT.has(path) ||
    LEGACY_API_UNDER.some((prefix) => path.startsWith(prefix) && path.length > prefix.length)
  )
}

/**
 * Whether a matched route or decoded path belongs to the API (JSON answers, rate-limited) rather
 * than to the web app's pages: the prefixed doors and the legacy unprefixed paths.
 */
export function isApiPath(url: string): boolean {
  const prefixed =
    url.startsWith('/api/') ||
    url === '/api' ||
    url.startsWith('/trpc') ||
    url.startsWith('/health') ||
    url.startsWith('/ready')
  return prefixed || isLegacyApiPath(url)
}
