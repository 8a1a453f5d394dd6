import { notFound } from '@promptly/core/errors/app-error'

import { catalogueCacheFor, catalogueKeys } from '../catalogue-cache/catalogue-cache.ts'
import type { Context } from '../context.ts'
import { SIMILAR_TOOLS_LIMIT, type GetToolInput, type GetToolOutput } from './get.schema.ts'
import { similarToolSelect, toolDetailSelect, toSimilarTool, toToolDetail } from './tool-rows.ts'

/**
 * One tool for the generator page, with up to 5 similar tools (same groupBy, not itself).
 * The signed-out answer is cached; a signed-in caller adds one lookup of their bookmark.
 */
export async function getTool({ ctx, input }: { ctx: Context; input: GetToolInput }): Promise<GetToolOutput> {
  const [cached, isBookmarked] = await Promise.all([
    catalogueCacheFor(ctx.db).getOrLoad(catalogueKeys.tool(input.id), () => loadTool(ctx, input.id)),
    isBookmarkedBy(ctx, input.id),
  ])
  return isBookmarked ? { ...cached, tool: { ...cached.tool, isBookmarked } } : cached
}

/**
 * Throws NOT_FOUND for an unknown id. A failed load is not cached, so probing random ids cannot push
 * real tools out of the cache, and a tool created on another instance is found at once.
 */
async function loadTool(ctx: Context, id: string): Promise<GetToolOutput> {
  const row = await ctx.db.tool.findUnique({ where: { id }, select: toolDetailSelect })
  if (!row) throw notFound('Tool not found')
  const similar = await ctx.db.tool.findMany({
    where: { groupBy: row.groupBy, id: { not: row.id } },
    select: similarToolSelect,
    orderBy: [{ createdAt: 'asc' }, { name: 'asc' }, { id: 'asc' }],
    take: SIMILAR_TOOLS_LIMIT,
  })
  return Object.freeze({
    tool: Object.freeze(toToolDetail(row, false)),
    similar: Object.freeze(similar.map(toSimilarTool)),
  }) as GetToolOutput
}

async function isBookmarkedBy(ctx: Context, toolId: string): Promise<boolean> {
  if (!ctx.user) return false
  const bookmark = await ctx.db.bookmark.findUnique({
    where: { userId_toolId: { userId: ctx.user.id, toolId } },
    select: { toolId: true },
  })
  return bookmark !== null
}
