import type { ApiKeyScope } from '@promptly/api/api-keys/api-key-scope'

/**
 * The REST calls that change no credits although they are not GETs. A GET never charges; every
 * other call not listed here needs the `generate` scope, so a new route that charges is safe for
 * read-only keys even when nobody remembers to list it (api-key-scopes.test.ts lists every route
 * and the scope it needs).
 */
const READ_WRITES: ReadonlySet<string> = new Set(['POST /bookmarks/add-remove/:toolId', 'DELETE /keys/:id'])

/**
 * Reads that a `generate` key may make as well as a `read` one: following the bulk jobs it starts,
 * and finding the brand voice to generate with. A script given only `generate` must be able to see
 * its work through.
 */
const FOLLOWED_BY_GENERATE: ReadonlySet<string> = new Set([
  'GET /bulk/:jobId',
  'GET /bulk/:jobId/results',
  'GET /voices',
])

/**
 * The scopes that let a key make a call, by its method and pattern as registered (`/api/v1/limits`):
 * holding any one of them is enough. The first is the one a refusal names.
 */
export function acceptedScopes(method: string, routeUrl: string): readonly [ApiKeyScope, ...ApiKeyScope[]] {
  const route = `${method === 'HEAD' ? 'GET' : method} ${routeUrl.replace(/^\/api\/v\d+(?=\/)/, '')}`
  if (FOLLOWED_BY_GENERATE.has(route)) return ['read', 'generate']
  if (method === 'GET' || method === 'HEAD') return ['read']
  return READ_WRITES.has(route) ? ['read'] : ['generate']
}
