import { verifyToken } from '@clerk/backend'
import { z } from 'zod'

/** Clerk's allowance for clocks that disagree, as its SDK applies it to `exp`, `nbf` and `iat`. */
export const CLERK_CLOCK_SKEW_MS = 5_000

/**
 * The claims every Clerk session token has and the server relies on; the rest (the profile claims
 * README's Clerk section asks for) pass through for clerk-accounts.ts. The session id keys
 * revocation and travels on the cache bus, so it must be a plain id (no colon, no space).
 */
export const clerkSessionClaims = z.looseObject({
  sub: z.string().min(1),
  sid: z.string().regex(/^[A-Za-z0-9_]{1,128}$/),
  exp: z.number(),
  iat: z.number(),
})
export type ClerkSessionClaims = z.infer<typeof clerkSessionClaims>

/**
 * Checks a session token (signature, times, authorized party) and answers its claims; throws when it
 * is not a valid session token of this Clerk instance. One seam, so tests can count verifications.
 */
export type ClerkTokenVerifier = (token: string) => Promise<ClerkSessionClaims>

export interface NetworklessVerifierSettings {
  /** Clerk's JWT public key (PEM): nothing is fetched to verify. */
  jwtKey: string
  /** Origins a token's `azp` must name, when it has one (clerk-identity.ts decides, as for the plugin). */
  authorizedParties?: string[]
}

/** Clerk's category of session tokens, and the one it ignores; any other is a machine's token. */
const SESSION_CATEGORIES: ReadonlySet<unknown> = new Set([undefined, 'cl_B7d4PD111AAA', 'cl_I7d4PD111III'])
const MACHINE_SUBJECT_PREFIX = 'mch_'
/** Longer than any session token with the profile claims; a longer one is refused before it is parsed. */
export const MAX_SESSION_TOKEN_LENGTH = 8 * 1024

/**
 * Verifies with Clerk's own `verifyToken` and the JWT key: the checks Clerk's plugin applies to a token
 * in the Authorization header (signature, `exp`/`nbf`/`iat` within its clock skew, `azp`), after the
 * same refusal of machine tokens, with no call to Clerk.
 */
export function networklessClerkVerifier({
  jwtKey,
  authorizedParties,
}: NetworklessVerifierSettings): ClerkTokenVerifier {
  return async (token) => {
    if (!isSessionTokenShaped(token)) throw new Error('not a Clerk session token')
    const payload = await verifyToken(token, {
      jwtKey,
      clockSkewInMs: CLERK_CLOCK_SKEW_MS,
      ...(authorizedParties && { authorizedParties }),
    })
    const claims = clerkSessionClaims.parse(payload)
    if (claims.sub.startsWith(MACHINE_SUBJECT_PREFIX)) throw new Error('a machine token, not a session token')
    return claims
  }
}

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/

/**
 * Three base64url parts whose header names no machine category: anything else is refused without
 * touching the cache or the key (a flood of made-up tokens costs a regular expression each).
 */
export function isSessionTokenShaped(token: string): boolean {
  if (token.length > MAX_SESSION_TOKEN_LENGTH || !JWT_SHAPE.test(token)) return false
  const header = parsedHeader(token.slice(0, token.indexOf('.')))
  return header !== null && SESSION_CATEGORIES.has(header.cat)
}

function parsedHeader(part: string): Record<string, unknown> | null {
  try {
    const header: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
    return typeof header === 'object' && header !== null ? (header as Record<string, unknown>) : null
  } catch {
    return null
  }
}
