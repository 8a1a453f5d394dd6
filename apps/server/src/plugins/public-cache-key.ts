import type { FastifyRequest } from 'fastify'

import { SESSION_COOKIE } from '../identity/local/session-cookie.ts'

/** The procedures whose signed-out answers the public response cache keeps (public-response-cache.ts). */
export const PUBLIC_CATALOGUE_PROCEDURES = new Set([
  'tools.categories',
  'tools.byCategory',
  'tools.search',
  'tools.get',
])

/**
 * The only query parameters a tRPC GET carries. Any other one might name a caller: the legacy
 * `clerkId` (and its profile fields), Clerk's `__session`, `__clerk_handshake` or dev-browser token.
 */
const TRPC_QUERY_PARAMETERS = new Set(['batch', 'input'])

/**
 * Cookies that carry, or come with, a caller's credentials, matched by name prefix so that Clerk's
 * suffixed variants (`__session_<suffix>`, `__client_uat_<suffix>`, ...) are refused too: the local
 * session, Clerk's session token, client marker, refresh token, and its `__clerk_*` handshake and
 * dev-browser tokens.
 */
const CREDENTIAL_COOKIE_PREFIXES = [SESSION_COOKIE, '__session', '__client_uat', '__refresh', '__clerk']

/** URLs longer than this are checked on every request rather than remembered. */
const MAX_REMEMBERED_URL_LENGTH = 2048
/** The catalogue's query URLs, and then some: made-up URLs only make it start over. */
const MAX_REMEMBERED_URLS = 512

/**
 * Whether a URL, by itself, names only public catalogue queries (path and query string; a caller's
 * headers are checked per request). The same few URLs come again and again: each is read once.
 */
export class PublicUrls {
  readonly #prefix: string
  readonly #seen = new Map<string, boolean>()

  constructor(prefix: string) {
    this.#prefix = prefix
  }

  get size(): number {
    return this.#seen.size
  }

  isPublic(url: string): boolean {
    const known = this.#seen.get(url)
    if (known !== undefined) return known
    const isPublic = isPublicQueryUrl(url, this.#prefix)
    if (url.length <= MAX_REMEMBERED_URL_LENGTH) {
      if (this.#seen.size >= MAX_REMEMBERED_URLS) this.#seen.clear()
      this.#seen.set(url, isPublic)
    }
    return isPublic
  }
}

/**
 * The URL when every procedure it calls is a public catalogue query and nothing in it could identify
 * a caller. `urls` remembers the verdict on each URL (the headers are read every time).
 */
export function cacheKeyOf(
  req: Pick<FastifyRequest, 'method' | 'url' | 'headers'>,
  prefix: string,
  urls?: PublicUrls,
): string | null {
  // The path first: most requests are for other routes, and their cookies need not be read.
  if (!req.url.startsWith(`${prefix}/`) || req.method !== 'GET' || req.headers.authorization !== undefined) return null
  // A streaming tRPC client gets the same query in another format (JSON lines): stored under the
  // URL, that answer would be served to every plain client until it expired.
  if (req.headers['trpc-accept'] !== undefined) return null
  // A cross-origin caller's answer needs the CORS headers, added by a hook a stored answer never
  // reaches (browsers send Origin on cross-origin requests only, so same-origin pages still hit).
  if (req.headers.origin !== undefined) return null
  if (carriesCredentialCookie(req.headers.cookie)) return null
  return (urls ? urls.isPublic(req.url) : isPublicQueryUrl(req.url, prefix)) ? req.url : null
}

/** `url` (under `prefix`) calls public catalogue queries only, with no query parameter tRPC does not read. */
function isPublicQueryUrl(url: string, prefix: string): boolean {
  if (!url.startsWith(`${prefix}/`)) return false
  const rest = url.slice(prefix.length + 1)
  const queryStart = rest.indexOf('?')
  const path = queryStart === -1 ? rest : rest.slice(0, queryStart)
  const query = queryStart === -1 ? '' : rest.slice(queryStart + 1)
  for (const name of new URLSearchParams(query).keys()) if (!TRPC_QUERY_PARAMETERS.has(name)) return false
  const procedures = decodedOrNull(path)?.split(',')
  return procedures?.every((name) => PUBLIC_CATALOGUE_PROCEDURES.has(name)) ?? false
}

function carriesCredentialCookie(cookieHeader: string | undefined): boolean {
  if (cookieHeader === undefined) return false
  return cookieHeader.split(';').some((pair) => {
    const rawName = pair.split('=', 1)[0]?.trim() ?? ''
    const name = (decodedOrNull(rawName) ?? rawName).toLowerCase()
    return CREDENTIAL_COOKIE_PREFIXES.some((prefix) => name.startsWith(prefix))
  })
}

function decodedOrNull(text: string): string | null {
  try {
    return decodeURIComponent(text)
  } catch {
    return null
  }
}
