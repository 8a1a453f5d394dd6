import { notFound } from '@promptly/core/errors/app-error'

import type { AuthedContext } from '../context.ts'
import { toolsVisibleTo, visibleToolSql } from '../tools/tool-visibility.ts'
import type { BookmarkState, SetBookmarkInput } from './set.schema.ts'

/**
 * Bookmarks the tool or removes the bookmark, as asked, and answers the state that is then stored.
 * Idempotent: asking twice for the same state changes nothing the second time and answers the same.
 * Concurrent calls cannot fail or duplicate: the composite primary key (user_id, tool_id) and
 * ON CONFLICT DO NOTHING decide; the last call to run decides the stored state, and each answer is
 * the state its own statement left. NOT_FOUND for an unknown tool, whichever state is asked, and for
 * another user's personal tool: it cannot be bookmarked, and answers as if it did not exist.
 */
export async function setBookmark({
  ctx,
  input,
}: {
  ctx: AuthedContext
  input: SetBookmarkInput
}): Promise<BookmarkState> {
  const { toolId, bookmarked } = input
  const toolExists = bookmarked ? await addBookmark(ctx, toolId) : await removeBookmark(ctx, toolId)
  // Awaited: the caller's next list, on any instance, shows the state this answers.
  await ctx.caches.bookmarkSets.changed(ctx.user.id)
  if (!toolExists) throw notFound('Tool not found')
  return { toolId, bookmarked }
}

/** Adds the bookmark unless it is there; answers whether the caller may see the tool. One statement. */
async function addBookmark(ctx: AuthedContext, toolId: string): Promise<boolean> {
  try {
    const [row] = await ctx.db.$queryRaw<{ toolExists: boolean }[]>`
      WITH tool AS (
        SELECT t.id FROM tools t WHERE t.id = ${toolId}::uuid AND ${visibleToolSql(ctx.user.id)}
      ), inserted AS (
        INSERT INTO bookmarks (user_id, tool_id)
        SELECT ${ctx.user.id}::uuid, id FROM tool
        ON CONFLICT (user_id, tool_id) DO NOTHING
      )
      SELECT EXISTS (SELECT 1 FROM tool) AS "toolExists"`
    return row?.toolExists ?? false
  } catch (error) {
    // The tool was deleted between the SELECT and the foreign-key check: the same as never existing.
    if (!(await toolExists(ctx, toolId))) return false
    throw error
  }
}

/** Removes the bookmark if it is there; answers whether the caller may see the tool. One statement. */
async function removeBookmark(ctx: AuthedContext, toolId: string): Promise<boolean> {
  const [row] = await ctx.db.$queryRaw<{ toolExists: boolean }[]>`
    WITH deleted AS (
      DELETE FROM bookmarks WHERE user_id = ${ctx.user.id}::uuid AND tool_id = ${toolId}::uuid
    )
    SELECT EXISTS (
      SELECT 1 FROM tools t WHERE t.id = ${toolId}::uuid AND ${visibleToolSql(ctx.user.id)}
    ) AS "toolExists"`
  return row?.toolExists ?? false
}

async function toolExists(ctx: AuthedContext, toolId: string): Promise<boolean> {
  return (await ctx.db.tool.count({ where: { id: toolId, ...toolsVisibleTo(ctx.user.id) } })) > 0
}
