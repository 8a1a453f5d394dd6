import type { BookmarkSet } from '../caching/bookmark-sets.ts'
import type { Context } from '../context.ts'
import type { ToolCard } from './tool.schema.ts'

/**
 * The ids of the tools the caller bookmarked: none signed out; signed in, the user's set as kept
 * by caching/bookmark-sets.ts (one query when it is not). Catalogue lists are cached without per-user
 * data and this set is laid over them, so a page costs the same whatever the number of tools.
 */
export function bookmarkedToolIds(ctx: Context): Promise<BookmarkSet> {
  return ctx.user ? ctx.caches.bookmarkSets.of(ctx.db, ctx.user.id) : Promise.resolve(NO_BOOKMARKS)
}

export const NO_BOOKMARKS: BookmarkSet = new Set()

/**
 * Cards with isBookmarked set from `bookmarked`. The cached signed-out cards (all false) are returned
 * as they are when nothing needs changing, so a signed-out request copies nothing.
 */
export function withBookmarks(cards: readonly ToolCard[], bookmarked: BookmarkSet): ToolCard[] {
  if (bookmarked.size === 0) return cards as ToolCard[]
  return cards.map((card) => (bookmarked.has(card.id) ? { ...card, isBookmarked: true } : card))
}
