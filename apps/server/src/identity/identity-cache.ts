import { notifyKeyInTransaction } from '@promptly/api/catalogue-cache/invalidation-channel'
import { KeyedCache } from '@promptly/api/keyed-cache/keyed-cache'
import { listenForKeyInvalidations } from '@promptly/api/keyed-cache/keyed-invalidations'
import type { Db, Prisma } from '@promptly/db/client'
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

// Every identity cache of this process, for a change made inside a transaction, which cannot say
// which database handle (instance) it belongs to: they all forget the user (userChangedInTransaction).
const liveCaches = new Set<{ forgetUser(userId: string): void }>()

/**
 * Verified callers by credential (a session token's hash; a Clerk user id), so that a signed-in
 * request costs no database round trip while its caller is kept. Only answers the database gave
 * are kept, never a refusal: a flood of made-up tokens cannot fill the cache, and a new session
 * works at once.
 *
 * Invalidation, on this instance before the change's answer is sent and on the others within
 * milliseconds (the catalogue's LISTEN/NOTIFY channel): `session` forgets one credential (sign-out,
 * a session ended from the list), `user` every credential of a user (sign-out everywhere, a new
 * password, a verified address). The TTL bounds a broadcast that never arrived.
 */
export class IdentityCache<V extends VerifiedCaller> {
  readonly #cache: KeyedCache<V | null>
  readonly #detach: (() => void)[]

  constructor(db: Db, { now }: { now?: () => Date } = {}) {
    const currentTime = now ?? (() => new Date())
    this.#cache = new KeyedCache<V | null>({
      ttlMs: IDENTITY_CACHE_TTL_MS,
      maxEntries: IDENTITY_CACHE_MAX_ENTRIES,
      keep: (found) => found !== null,
      isFresh: (found) => found?.expiresAt === undefined || found.expiresAt > currentTime(),
      // A clock of the caller's own (tests) moves the TTL too.
      ...(now && { now: () => now().getTime() }),
    })
    this.#detach = [
      listenForKeyInvalidations(db, 'session', { forget: (key) => this.forget(key), forgetAll: () => this.clear() }),
      listenForKeyInvalidations(db, 'user', {
        forget: (userId) => this.forgetUser(userId),
        forgetAll: () => this.clear(),
      }),
    ]
    liveCaches.add(this)
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

  /** Stops listening for invalidations; the app calls it when it closes. */
  close(): void {
    for (const detach of this.#detach) detach()
    liveCaches.delete(this)
  }
}

/**
 * For a change to a user's sessions or account made inside a transaction (a password reset, a role
 * set from the command line), which cannot say which database handle (instance) it runs on: every
 * identity cache of this process forgets the user now, and every instance listening on the database
 * (this one again, the others) when the transaction commits, so nothing re-read in between is kept.
 */
export async function userChangedInTransaction(tx: Db | Prisma.TransactionClient, userId: string): Promise<void> {
  for (const cache of liveCaches) cache.forgetUser(userId)
  await notifyKeyInTransaction(tx, 'user', userId)
}
