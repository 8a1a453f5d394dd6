import type { ClerkClient } from '@clerk/backend'
import { constants } from '@clerk/backend/internal'
import type { FastifyRequest } from 'fastify'

import {
  bearerTokenOf,
  carriesClerkSessionCookie,
  type ClerkAuth,
  type ClerkRequestAuth,
} from './clerk-request-auth.ts'
import type { ClerkTokenCache, VerifiedClerkToken } from './clerk-token-cache.ts'

export interface NetworklessClerkAuthDeps {
  /** Verified header tokens, kept until they expire. */
  tokens: ClerkTokenCache
  /** Clerk's client built with the JWT key: reads session cookies as Clerk's plugin does, with no I/O. */
  client: Pick<ClerkClient, 'authenticateRequest'>
  authorizedParties?: string[]
}

/**
 * Session tokens verified on this machine with CLERK_JWT_KEY, in place of Clerk's plugin.
 *
 * A token in the Authorization header (what the web app sends) is verified once and then answered
 * from the token cache until it expires, so `known` can name its caller before any other hook runs.
 * Session cookies (`__session`, suffixed per instance, with `__client_uat` and the dev-browser token)
 * are read by Clerk's own `authenticateRequest`, with the same key, on every request: which cookie
 * counts depends on the others, so a cookie's caller is never answered from the cache. Clerk's
 * handshake is not run (its cookies are dropped, as the plugin does with the handshake turned off):
 * this server renders no signed-in page, and the browser's Clerk script keeps its tokens fresh.
 */
export function networklessClerkAuth({
  tokens,
  client,
  authorizedParties,
}: NetworklessClerkAuthDeps): ClerkRequestAuth {
  const fromCookies = async (req: FastifyRequest): Promise<ClerkAuth | null> => {
    const request = webRequestOf(req)
    // Headers a web Request cannot hold (Clerk's plugin answers 400 for them): no caller to read.
    if (!request) return null
    const state = await client.authenticateRequest(request, {
      acceptsToken: 'session_token',
      ...(authorizedParties && { authorizedParties }),
    })
    const auth = state.toAuth()
    return auth?.userId ? { userId: auth.userId, sessionId: auth.sessionId, claims: auth.sessionClaims } : null
  }
  return {
    kind: 'networkless',
    async register() {},
    async of(req) {
      const token = bearerTokenOf(req.headers.authorization)
      if (token !== undefined) {
        const found = await tokens.verified(token)
        return found && authOf(found)
      }
      return carriesClerkSessionCookie(req.headers.cookie) ? fromCookies(req) : null
    },
    known(req) {
      const token = bearerTokenOf(req.headers.authorization)
      if (token === undefined) return carriesClerkSessionCookie(req.headers.cookie) ? undefined : null
      const found = tokens.peek(token)
      return found && authOf(found)
    },
  }
}

function authOf(found: VerifiedClerkToken): ClerkAuth {
  return { userId: found.clerkUserId, sessionId: found.sessionId, claims: found.claims }
}

const HANDSHAKE_NAMES = [constants.Cookies.Handshake, constants.Cookies.HandshakeNonce]

/**
 * The request as Clerk's SDK reads it (headers, cookies, URL), without the handshake's cookies and
 * query parameters: resolving a handshake nonce would ask Clerk's Backend API.
 */
function webRequestOf(req: FastifyRequest): Request | null {
  try {
    return webRequestOrThrow(req)
  } catch {
    return null
  }
}

function webRequestOrThrow(req: FastifyRequest): Request {
  const url = new URL(req.url, `${req.protocol}://clerk-dummy`)
  for (const name of HANDSHAKE_NAMES) url.searchParams.delete(name)
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    headers.set(name, Array.isArray(value) ? value.join(',') : value)
  }
  const cookie = headers.get('cookie')
  if (cookie !== null) {
    const kept = cookie
      .split(';')
      .map((pair) => pair.trim())
      .filter((pair) => !HANDSHAKE_NAMES.some((name) => pair === name || pair.startsWith(`${name}=`)))
    if (kept.length > 0) headers.set('cookie', kept.join('; '))
    else headers.delete('cookie')
  }
  return new Request(url, { method: req.method, headers })
}
