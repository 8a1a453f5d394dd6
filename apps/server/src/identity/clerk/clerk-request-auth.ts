import type { FastifyInstance, FastifyRequest } from 'fastify'

/** What Clerk vouches for about a request's caller. */
export interface ClerkAuth {
  /** Clerk's user id (`sub`). */
  userId: string
  /** Clerk's session id (`sid`): what an ended session's refusal is keyed by. */
  sessionId: string | null
  /** The session token's claims, the profile among them (clerk-profile.ts). */
  claims: unknown
}

/**
 * How a request's Clerk session token is read and checked. Two ways, chosen once (clerk-identity.ts):
 * on this machine with the JWT key, verified tokens kept until they expire (networkless-clerk-auth.ts),
 * or by Clerk's Fastify plugin on every request, which fetches Clerk's keys (plugin-clerk-auth.ts).
 */
export interface ClerkRequestAuth {
  readonly kind: 'networkless' | 'plugin'
  register(app: FastifyInstance): Promise<void>
  /** The caller, or null when the request carries no valid session token. */
  of(req: FastifyRequest): Promise<ClerkAuth | null>
  /**
   * With no I/O: null when the request carries no Clerk credential, the caller of a token verified
   * before, and undefined whenever only `of` can tell.
   */
  known(req: FastifyRequest): ClerkAuth | null | undefined
}

/**
 * The token of an Authorization header as Clerk's SDK reads it: `Bearer <token>`, or a header that
 * is a single word; undefined for any other scheme (then Clerk reads cookies).
 */
export function bearerTokenOf(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined
  const space = authorization.indexOf(' ')
  if (space === -1) return authorization
  if (authorization.slice(0, space) !== 'Bearer') return undefined
  const rest = authorization.slice(space + 1)
  const end = rest.indexOf(' ')
  return end === -1 ? rest : rest.slice(0, end)
}

/**
 * Whether any cookie is a Clerk session token (`__session`, or a suffixed `__session_<suffix>`):
 * without one, every branch of Clerk's cookie reading ends signed out.
 */
export function carriesClerkSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && SESSION_COOKIE_NAME.test(cookieHeader)
}

const SESSION_COOKIE_NAME = /(?:^|;)\s*__session(?:_[^=;\s]*)?\s*=/
