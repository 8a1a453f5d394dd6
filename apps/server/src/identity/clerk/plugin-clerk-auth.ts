import { clerkPlugin, getAuth, type ClerkFastifyOptions } from '@clerk/fastify'

import type { ClerkRequestAuth } from './clerk-request-auth.ts'

/**
 * Clerk's Fastify plugin, for deployments without CLERK_JWT_KEY: before each handler it verifies the
 * request's session token against Clerk's JWKS endpoint (fetched, then kept by the SDK for an hour)
 * and runs Clerk's handshake. Nothing is known before it runs, so these callers never take the
 * catalogue fast path.
 */
export function pluginClerkAuth(options: ClerkFastifyOptions): ClerkRequestAuth {
  return {
    kind: 'plugin',
    async register(app) {
      await app.register(clerkPlugin, options)
    },
    async of(req) {
      const auth = getAuth(req)
      return auth.userId ? { userId: auth.userId, sessionId: auth.sessionId, claims: auth.sessionClaims } : null
    },
    known(req) {
      // Clerk's plugin reads credentials after any hook that asks this: only their absence is known.
      return req.headers.authorization === undefined && req.headers.cookie === undefined ? null : undefined
    },
  }
}
