import type { Db } from '@promptly/db/client'

import { CATALOGUE_TTL_MS, invalidateKey } from '../catalogue-cache/catalogue-cache.ts'
import { KeyedCache } from '../keyed-cache/keyed-cache.ts'
import { listenForKeyInvalidations } from '../keyed-cache/keyed-invalidations.ts'

/**
 * The ids of the tools each user bookmarked, kept per user so that a signed-in catalogue page costs
 * no query for them: every list, and the generator page, lays this set over the shared catalogue.
 *
 * Consistency: every write of a user's bookmarks (bookmarks.set, the legacy flip) calls
 * `bookmarksChanged` once its statement has committed, which clears this instance's entry before the
 * answer is sent and the other instances' within milliseconds (the catalogue's LISTEN/NOTIFY channel).
 * The TTL, the catalogue's, bounds a broadcast that never arrived. A tool deleted since it was
 * bookmarked may linger in a set until then: it is in no list to be marked in.
 */
export const BOOKMARK_SET_TTL_MS = CATALOGUE_TTL_MS
/** About 10,000 users browsing at once; a set is a few dozen ids. */
export const BOOKMARK_SET_MAX_ENTRIES = 10_000

export type BookmarkSet = ReadonlySet<string>

const cacheByDatabase = new WeakMap<Db, KeyedCache<BookmarkSet>>()

function cacheFor(db: Db): KeyedCache<BookmarkSet> {
  let cache = cacheByDatabase.get(db)
  if (!cache) {
    const created = new KeyedCache<BookmarkSet>({ ttlMs: BOOKMARK_SET_TTL_MS, maxEntries: BOOKMARK_SET_MAX_ENTRIES })
    // Lives as long as the database handle, as the cache does: never detached.
    listenForKeyInvalidations(db, 'bookmarks', {
      forget: (userId) => created.delete(userId),
      forgetAll: () => created.clear(),
    })
    cacheByDatabase.set(db, created)
    cache = created
  }
  return cache
}

/** The tool ids `userId` bookmarked: one query on a miss, none while kept. */
export function bookmarkSetOf(db: Db, userId: string): Promise<BookmarkSet> {
  return cacheFor(db).get(userId, async () => {
    const rows = await db.bookmark.findMany({ where: { userId }, select: { toolId: true } })
    return new Set(rows.map((row) => row.toolId))
  })
}

/** The kept set, if there is one, without a query (the server's fast path answers only from kept sets). */
export function peekBookmarkSet(db: Db, userId: string): BookmarkSet | undefined {
  return cacheFor(db).peek(userId)
}

/** Call once a change to `userId`'s bookmarks has committed; resolves once the other instances were told. */
export function bookmarksChanged(db: Db, userId: string): Promise<void> {
  return invalidateKey(db, 'bookmarks', userId)
}
