import { AppError, notFound } from '@promptly/core/errors/app-error'

import { catalogueKeys } from '../caching/catalogue-cache.ts'
import type { Context } from '../context.ts'
import { bookmarkedToolIds } from './bookmark-overlay.ts'
import { SIMILAR_TOOLS_LIMIT, type GetToolInput, type GetToolOutput } from './get.schema.ts'
import { similarToolSelect, toolDetailSelect, toSimilarTool, toToolDetail, type ToolDetailRow } from './tool-rows.ts'
import { ownedBy, PUBLISHED_TOOLS } from './tool-visibility.ts'

/**
 * One tool for the generator page, with up to 5 similar tools (same groupBy, not itself): a
 * catalogue tool for anyone, a personal tool for its owner only (NOT_FOUND for everyone else).
 * The catalogue answer is cached, and so is a signed-in caller's bookmark set: no query while both are kept.
 */
export async function getTool({ ctx, input }: { ctx: Context; input: GetToolInput }): Promise<GetToolOutput> {
  const [found, bookmarked] = await Promise.all([readVisibleTool(ctx, input.id), bookmarkedToolIds(ctx)])
  return bookmarked.has(input.id) ? { ...found, tool: { ...found.tool, isBookmarked: true } } : found
}

/**
 * The tool as the caller may see it, without their bookmark (the generation's check reads it too):
 * a published tool from the catalogue cache, else the caller's own personal tool, read fresh (the
 * cache never holds one). NOT_FOUND for an unknown id and for another user's personal tool alike.
 */
export async function readVisibleTool(ctx: Context, id: string): Promise<GetToolOutput> {
  const published = await publishedTool(ctx, id)
  if (published) return published
  const own = ctx.user
    ? await ctx.db.tool.findFirst({ where: { id, ...ownedBy(ctx.user.id) }, select: toolDetailSelect })
    : null
  if (!own) throw notFound('Tool not found')
  return withSimilar(ctx, own)
}

async function publishedTool(ctx: Context, id: string): Promise<GetToolOutput | null> {
  try {
    return await ctx.caches.catalogue.getOrLoad(catalogueKeys.tool(id), () => loadPublishedTool(ctx, id))
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null
    throw error
  }
}

/**
 * Throws NOT_FOUND for an id outside the catalogue. A failed load is not cached, so probing random
 * ids cannot push real tools out of the cache, and a tool created on another instance is found at once.
 */
async function loadPublishedTool(ctx: Context, id: string): Promise<GetToolOutput> {
  const row = await ctx.db.tool.findFirst({ where: { id, ...PUBLISHED_TOOLS }, select: toolDetailSelect })
  if (!row) throw notFound('Tool not found')
  const found = await withSimilar(ctx, row)
  return Object.freeze({
    tool: Object.freeze(found.tool),
    similar: Object.freeze(found.similar),
  }) as GetToolOutput
}

/** Related tools come from the catalogue only, for a personal tool too. */
async function withSimilar(ctx: Context, row: ToolDetailRow): Promise<GetToolOutput> {
  const similar = await ctx.db.tool.findMany({
    where: { groupBy: row.groupBy, id: { not: row.id }, ...PUBLISHED_TOOLS },
    select: similarToolSelect,
    orderBy: [{ createdAt: 'asc' }, { name: 'asc' }, { id: 'asc' }],
    take: SIMILAR_TOOLS_LIMIT,
  })
  return { tool: toToolDetail(row, false), similar: similar.map(toSimilarTool) }
}
