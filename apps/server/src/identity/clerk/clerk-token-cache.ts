import { createHash } from 'node:crypto'

import type { CacheBus } from '@promptly/api/caching/cache-bus'
import { KeyedCache } from '@promptly/api/caching/keyed-cache'

import {
  CLERK_CLOCK_SKEW_MS,
  isSessionTokenShaped,
  MAX_SESSION_TOKEN_LENGTH,
  type ClerkSessionClaims,
  type ClerkTokenVerifier,
} from './clerk-token-verifier.ts'
import type { EndedClerkSessions } from './ended-clerk-sessions.ts'

/** Verified tokens kept at once: about one per signed-in browser of the last minute. */
export const CLERK_TOKEN_CACHE_MAX_ENTRIES = 10_000
/** The outer bound on keeping one; each is kept until its own `exp` (Clerk's session tokens: 60 s). */
export const CLERK_TOKEN_CACHE_TTL_MS = 60 * 60_000

/** A session token that verified: whose, of which session, until when. */
export interface VerifiedClerkToken {
  clerkUserId: string
  sessionId: string
  /** `exp` plus Clerk's clock skew: until then Clerk's own check would still accept it. */
  usableUntilMs: number
  claims: ClerkSessionClaims
}

export interface ClerkTokenCacheOptions {
  verify: ClerkTokenVerifier
  /** Sessions whose tokens are refused, signature or not (Clerk's webhook). */
  ended: EndedClerkSessions
  /** The clock for expiry (tests step past `exp`). */
  now?: () => Date
}

/**
 * Clerk session tokens that verified, by the SHA-256 digest of the token (never the token itself),
 * each until it expires: a signed-in request with a token seen before costs a hash and a lookup,
 * and `peek` answers with no I/O at all, which is what puts Clerk users on the catalogue fast path.
 *
 * Only verifications that succeeded are kept, and a string that is not shaped like a session token
 * never reaches the cache: a flood of made-up tokens cannot grow it. Concurrent first requests with
 * one token share one verification (KeyedCache).
 *
 * A session that ends (`clerkSession:<id>` on the cache bus, from Clerk's webhook, on every instance)
 * drops its tokens here, and EndedClerkSessions refuses them, and any other token of that session,
 * from then on. A reconnected bus clears the cache, since an ending may have been missed.
 */
export class ClerkTokenCache {
  readonly #tokens: KeyedCache<VerifiedClerkToken | null>
  readonly #verify: ClerkTokenVerifier
  readonly #ended: EndedClerkSessions
  readonly #now: () => number

  /** Subscribed to `bus` for as long as the bus lives. */
  constructor(bus: CacheBus, { verify, ended, now }: ClerkTokenCacheOptions) {
    this.#verify = verify
    this.#ended = ended
    this.#now = now ? () => now().getTime() : Date.now
    this.#tokens = new KeyedCache<VerifiedClerkToken | null>({
      ttlMs: CLERK_TOKEN_CACHE_TTL_MS,
      maxEntries: CLERK_TOKEN_CACHE_MAX_ENTRIES,
      keep: (found) => found !== null,
      isFresh: (found) => found === null || this.#usable(found),
      ...(now && { now: this.#now }),
    })
    bus.subscribe('clerkSession', {
      forget: (sessionId) => this.#tokens.deleteWhere((found) => found?.sessionId === sessionId),
      forgetAll: () => this.#tokens.clear(),
    })
  }

  /** The token's verification, from the cache or made now; null when it is not (or no longer) good. */
  async verified(token: string): Promise<VerifiedClerkToken | null> {
    if (!isSessionTokenShaped(token)) return null
    const found = await this.#tokens.get(digestOf(token), () => this.#verification(token))
    // Checked again: the session may have ended, or the token expired, while it was being verified.
    return found && this.#usable(found) ? found : null
  }

  /** The kept verification of the token, with no I/O; undefined when only `verified` can tell. */
  peek(token: string): VerifiedClerkToken | undefined {
    if (token.length > MAX_SESSION_TOKEN_LENGTH) return undefined
    return this.#tokens.peek(digestOf(token)) ?? undefined
  }

  /** Kept verifications, and verifications in flight. */
  get size(): number {
    return this.#tokens.size
  }

  async #verification(token: string): Promise<VerifiedClerkToken | null> {
    let claims: ClerkSessionClaims
    try {
      claims = await this.#verify(token)
    } catch {
      return null
    }
    const found: VerifiedClerkToken = {
      clerkUserId: claims.sub,
      sessionId: claims.sid,
      usableUntilMs: claims.exp * 1000 + CLERK_CLOCK_SKEW_MS,
      claims,
    }
    return this.#usable(found) ? found : null
  }

  #usable(found: VerifiedClerkToken): boolean {
    return found.usableUntilMs > this.#now() && !this.#ended.has(found.sessionId)
  }
}

/** The cache's key: a token's digest, so no kept key (nor a heap dump) holds a usable credential. */
function digestOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}
