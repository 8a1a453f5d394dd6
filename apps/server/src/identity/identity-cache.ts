import type { CacheBus } from '@promptly/api/caching/cache-bus'
import { KeyedCache } from '@promptly/api/caching/keyed-cache'
import type { User } from '@promptly/db/generated/prisma/client'

/**
 * How long a verified caller is believed without asking the database again. The bound on what no
 * invalidation reaches: a change to the account made elsewhere (a role set from the command line, a
 * plan granted by the payment webhook) shows in `auth.me` within this time; balances and plans are
 * re-read by the handlers that show or charge them, never taken from here.
 */
export const IDENTITY_CACHE_TTL_MS = 5_000
/** Signed-in callers of the last few seconds, bounded against a flood of distinct tokens. */
export const IDENTITY_CACHE_MAX_ENTRIES = 10_000

/** What a credential proved: the stored account, and until when (a session's own expiry). */
export interface VerifiedCaller {
  user: User
  expiresAt?: Date
}

/**
 * Verified callers by credential (a session token's hash; a Clerk user id), so that a signed-in
 * request costs no database round trip while its caller is kept. Only answers the database gave
 * are kept, never a refusal: a flood of made-up tokens cannot fill the cache, and a new session
 * works at once.
 *
 * One per instance, built by services.ts with the other caches, and read by whichever identity
 * provider the instance has (local sessions by token hash, Clerk accounts by Clerk user id).
 *
 * Invalidation, on this instance before the change's answer is sent and on the others within
 * milliseconds (the cache bus): `session` forgets one credential (sign-out, a session ended from the
 * list), `user` every credential of a user (sign-out everywhere, a new password, a verified address).
 * The TTL bounds a broadcast that never arrived.
 */
export class IdentityCache<V extends VerifiedCaller = VerifiedCaller> {
  readonly #cache: KeyedCache<V | null>

  /** Subscribed to `bus` for as long as the bus lives. */
  constructor(bus: CacheBus, { now }: { now?: () => Date } = {}) {
    const currentTime = now ?? (() => new Date())
    this.#cache = new KeyedCache<V | null>({
      ttlMs: IDENTITY_CACHE_TTL_MS,
      maxEntries: IDENTITY_CACHE_MAX_ENTRIES,
      keep: (found) => found !== null,
      isFresh: (found) => found?.expiresAt === undefined || found.expiresAt > currentTime(),
      // A clock of the caller's own (tests) moves the TTL too.
      ...(now && { now: () => now().getTime() }),
    })
    bus.subscribe('session', { forget: (key) => this.forget(key), forgetAll: () => this.clear() })
    bus.subscribe('user', { forget: (userId) => this.forgetUser(userId), forgetAll: () => this.clear() })
  }

  /** The kept caller for `key`, else `load`'s answer (kept unless it is null or an invalidation came first). */
  get(key: string, load: () => Promise<V | null>): Promise<V | null> {
    return this.#cache.get(key, load)
  }

  /** The kept caller for `key`, if any: undefined means only `get` can tell. */
  peek(key: string): V | undefined {
    return this.#cache.peek(key) ?? undefined
  }

  forget(key: string): void {
    this.#cache.delete(key)
  }

  forgetUser(userId: string): void {
    this.#cache.deleteWhere((found) => found?.user.id === userId)
  }

  clear(): void {
    this.#cache.clear()
  }
}
