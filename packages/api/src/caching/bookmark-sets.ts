import type { Db } from '@promptly/db/client'

import type { CacheBus } from './cache-bus.ts'
import { CATALOGUE_TTL_MS } from './catalogue-cache.ts'
import { KeyedCache } from './keyed-cache.ts'

/**
 * The ids of the tools each user bookmarked, kept per user so that a signed-in catalogue page costs
 * no query for them: every list, and the generator page, lays this set over the shared catalogue.
 *
 * Consistency: every write of a user's bookmarks (bookmarks.set, the legacy flip) calls `changed`
 * once its statement has committed, which clears this instance's entry before the answer is sent and
 * the other instances' within milliseconds (the cache bus's `bookmarks` topic). The TTL, the
 * catalogue's, bounds a broadcast that never arrived. A tool deleted since it was bookmarked may
 * linger in a set until then: it is in no list to be marked in.
 *
 * A kept set is never changed once loaded (a change loads a new one), so the server may memoise
 * what it made from a set by the set itself (caching/list-answers.ts in apps/server).
 */
export const BOOKMARK_SET_TTL_MS = CATALOGUE_TTL_MS
/** About 10,000 users browsing at once; a set is a few dozen ids. */
export const BOOKMARK_SET_MAX_ENTRIES = 10_000

export type BookmarkSet = ReadonlySet<string>

export class BookmarkSetCache {
  readonly #sets = new KeyedCache<BookmarkSet>({ ttlMs: BOOKMARK_SET_TTL_MS, maxEntries: BOOKMARK_SET_MAX_ENTRIES })
  readonly #bus: CacheBus

  /** Subscribed to `bus` for as long as the bus lives. */
  constructor(bus: CacheBus) {
    this.#bus = bus
    bus.subscribe('bookmarks', { forget: (userId) => this.#sets.delete(userId), forgetAll: () => this.#sets.clear() })
  }

  /** The tool ids `userId` bookmarked: one query on a miss, none while kept. */
  of(db: Db, userId: string): Promise<BookmarkSet> {
    return this.#sets.get(userId, async () => {
      const rows = await db.bookmark.findMany({ where: { userId }, select: { toolId: true } })
      return new Set(rows.map((row) => row.toolId))
    })
  }

  /** The kept set, if there is one, without a query (the server's fast path answers only from kept sets). */
  peek(userId: string): BookmarkSet | undefined {
    return this.#sets.peek(userId)
  }

  /** Call once a change to `userId`'s bookmarks has committed; resolves once the other instances were told. */
  changed(userId: string): Promise<void> {
    return this.#bus.publish('bookmarks', userId)
  }
}
