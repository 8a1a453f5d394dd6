import type { ApiKeyScope } from '@promptly/api/api-keys/api-key-scope'

/**
 * The REST calls that change no credits although they are not GETs. A GET never charges; every
 * other call not listed here needs the `generate` scope, so a new route that charges is safe for
 * read-only keys even when nobody remembers to list it (api-key-scopes.test.ts lists every route
 * and the scope it needs).
 */
const READ_WRITES: ReadonlySet<string> = new Set(['POST /bookmarks/add-remove/:toolId', 'DELETE /keys/:id'])

/** The scope a key needs for a route, by its method and pattern as registered (`/api/v1/limits`). */
export function requiredScope(method: string, routeUrl: string): ApiKeyScope {
  if (method === 'GET' || method === 'HEAD') return 'read'
  const path = routeUrl.replace(/^\/api\/v\d+(?=\/)/, '')
  return READ_WRITES.has(`${method} ${path}`) ? 'read' : 'generate'
}
