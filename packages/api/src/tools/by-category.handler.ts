import { ALL_TOOLS } from '@promptly/core/catalogue/labels'
import { canonicalLabel } from '@promptly/core/catalogue/tool'

import type { BookmarkSet } from '../bookmarks/bookmark-set-cache.ts'
import { catalogueCacheFor, catalogueKeys } from '../catalogue-cache/catalogue-cache.ts'
import type { Context } from '../context.ts'
import { bookmarkedToolIds, withBookmarks } from './bookmark-overlay.ts'
import type { ByCategoryInput } from './by-category.schema.ts'
import { toolCardSelect, toToolCard } from './tool-rows.ts'
import { PUBLISHED_TOOLS } from './tool-visibility.ts'
import type { ToolCard } from './tool.schema.ts'

/**
 * The catalogue tools carrying a label ('All Tools': every one), oldest first, with isBookmarked for the
 * caller. Two queries at most, whatever the number of tools, and none while both are cached: the list
 * and the caller's bookmark ids (signed in only).
 */
export async function listToolsByCategory({
  ctx,
  input,
}: {
  ctx: Context
  input: ByCategoryInput
}): Promise<ToolCard[]> {
  const { cards, bookmarked } = await categoryWithBookmarks({ ctx, input })
  return withBookmarks(cards, bookmarked)
}

/** The category's shared cards (all isBookmarked false, frozen) and, apart, the ids the caller bookmarked. */
export interface CategoryWithBookmarks {
  cards: readonly ToolCard[]
  bookmarked: BookmarkSet
}

/**
 * The same answer as listToolsByCategory, before the overlay: for a door that lays the caller's
 * bookmarks over bytes serialized once per shared list (the REST adapter), not over objects.
 */
export async function categoryWithBookmarks({
  ctx,
  input,
}: {
  ctx: Context
  input: ByCategoryInput
}): Promise<CategoryWithBookmarks> {
  const category = canonicalLabel(input.category)
  const [cards, bookmarked] = await Promise.all([
    catalogueCacheFor(ctx.db).getOrLoad(catalogueKeys.category(category), () => loadCategory(ctx, category)),
    bookmarkedToolIds(ctx),
  ])
  return { cards, bookmarked }
}

/** The category's shared cards if they are cached, without loading them (the server's fast path). */
export function peekCategory(ctx: Pick<Context, 'db'>, input: ByCategoryInput): readonly ToolCard[] | undefined {
  return catalogueCacheFor(ctx.db).peek(catalogueKeys.category(canonicalLabel(input.category)))
}

async function loadCategory(ctx: Context, category: string): Promise<readonly ToolCard[]> {
  const rows = await ctx.db.tool.findMany({
    // `has` is `labels @> ARRAY[...]`, served by the GIN index on labels.
    where: category === ALL_TOOLS ? PUBLISHED_TOOLS : { ...PUBLISHED_TOOLS, labels: { has: category } },
    select: toolCardSelect,
    orderBy: [{ createdAt: 'asc' }, { name: 'asc' }, { id: 'asc' }],
  })
  // Frozen: the signed-out answer is this very array, shared by every request until it expires.
  return Object.freeze(rows.map((row) => Object.freeze(toToolCard(row, false))))
}
