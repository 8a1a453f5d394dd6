import { ALL_TOOLS } from '@promptly/core/catalogue/labels'
import { canonicalLabel } from '@promptly/core/catalogue/tool'

import type { BookmarkSet } from '../caching/bookmark-sets.ts'
import type { Caches } from '../caching/caches.ts'
import { catalogueKeys } from '../caching/catalogue-cache.ts'
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
  const { list, bookmarked } = await categoryWithBookmarks({ ctx, input })
  return withBookmarks(list.cards, bookmarked)
}

/**
 * A category as the catalogue cache keeps it: its shared cards (all isBookmarked false, frozen) and
 * their descriptions by tool id, kept beside the cards, not on them: tRPC's cards carry none (its
 * lists stay light), the legacy REST lists do (the original's list calls answered them).
 */
export interface CategoryList {
  cards: readonly ToolCard[]
  descriptions: ReadonlyMap<string, string>
}

/** The category's shared list and, apart, the ids the caller bookmarked. */
export interface CategoryWithBookmarks {
  list: CategoryList
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
  const [list, bookmarked] = await Promise.all([
    ctx.caches.catalogue.getOrLoad(catalogueKeys.category(category), () => loadCategory(ctx, category)),
    bookmarkedToolIds(ctx),
  ])
  return { list, bookmarked }
}

/** The category's shared list if it is cached, without loading it (the server's fast path). */
export function peekCategory(caches: Pick<Caches, 'catalogue'>, input: ByCategoryInput): CategoryList | undefined {
  return caches.catalogue.peek(catalogueKeys.category(canonicalLabel(input.category)))
}

async function loadCategory(ctx: Context, category: string): Promise<CategoryList> {
  const rows = await ctx.db.tool.findMany({
    // `has` is `labels @> ARRAY[...]`, served by the GIN index on labels.
    where: category === ALL_TOOLS ? PUBLISHED_TOOLS : { ...PUBLISHED_TOOLS, labels: { has: category } },
    select: { ...toolCardSelect, description: true },
    orderBy: [{ createdAt: 'asc' }, { name: 'asc' }, { id: 'asc' }],
  })
  // Frozen: the signed-out answer is this very array, shared by every request until it expires.
  const cards = Object.freeze(rows.map((row) => Object.freeze(toToolCard(row, false))))
  return { cards, descriptions: new Map(rows.map((row) => [row.id, row.description])) }
}
