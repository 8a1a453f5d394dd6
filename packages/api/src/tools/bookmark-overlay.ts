import type { Context } from '../context.ts'
import type { ToolCard } from './tool.schema.ts'

/**
 * The ids of the tools the caller bookmarked: one query for a signed-in caller, none signed out.
 * Catalogue lists are cached without per-user data and this set is laid over them, so a page costs
 * the same number of queries whatever the number of tools.
 */
export async function bookmarkedToolIds(ctx: Context): Promise<ReadonlySet<string>> {
  if (!ctx.user) return EMPTY
  const rows = await ctx.db.bookmark.findMany({ where: { userId: ctx.user.id }, select: { toolId: true } })
  return new Set(rows.map((row) => row.toolId))
}

const EMPTY: ReadonlySet<string> = new Set()

/**
 * Cards with isBookmarked set from `bookmarked`. The cached signed-out cards (all false) are returned
 * as they are when nothing needs changing, so a signed-out request copies nothing.
 */
export function withBookmarks(cards: readonly ToolCard[], bookmarked: ReadonlySet<string>): ToolCard[] {
  if (bookmarked.size === 0) return cards as ToolCard[]
  return cards.map((card) => (bookmarked.has(card.id) ? { ...card, isBookmarked: true } : card))
}
