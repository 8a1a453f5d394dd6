import { notFound } from '@promptly/core/errors/app-error'

import type { AuthedContext } from '../context.ts'
import { toolsVisibleTo, visibleToolSql } from '../tools/tool-visibility.ts'
import type { LegacyFlipInput, LegacyFlipOutput } from './legacy-flip.schema.ts'

/** A flip that lost a race twice in a row is not retried a third time (see below). */
const MAX_ATTEMPTS = 3

interface FlipRow {
  deleted: number
  inserted: number
}

/**
 * Bookmarks the tool if the caller had not, removes it if they had, and says which it did. This is
 * the legacy REST call's meaning (`add-remove`); the web client states the wanted result instead
 * (set.handler.ts), so a card out of date cannot do the opposite of what was pressed.
 *
 * One statement, so one transaction: remove the bookmark; if there was none, add it. The composite
 * primary key (user_id, tool_id) decides races: two concurrent toggles (a double click) serialize on
 * it, and ON CONFLICT DO NOTHING means the loser neither fails nor duplicates. The loser then changed
 * nothing (the row it wanted to add appeared meanwhile), so it runs again and removes that row: two
 * toggles return to the start, as two clicks should, and every answer matches the stored state.
 */
export async function flipLegacyBookmark({
  ctx,
  input,
}: {
  ctx: AuthedContext
  input: LegacyFlipInput
}): Promise<LegacyFlipOutput> {
  const userId = ctx.user.id
  const { toolId } = input
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const result = await flipOnce(ctx, userId, toolId)
    // Awaited: the caller's next list, on any instance, shows the state this answers.
    if (result.deleted > 0 || result.inserted > 0) await ctx.caches.bookmarkSets.changed(userId)
    if (result.deleted > 0) return { toolId, bookmarked: false }
    if (result.inserted > 0) return { toolId, bookmarked: true }
    // Neither: the tool does not exist (or is another user's personal tool), or a concurrent toggle
    // added the bookmark first.
    if (!(await toolExists(ctx, toolId))) throw notFound('Tool not found')
  }
  // Still racing after several rounds: answer with the state as stored, which is then true.
  const stored = await ctx.db.bookmark.findUnique({
    where: { userId_toolId: { userId, toolId } },
    select: { toolId: true },
  })
  return { toolId, bookmarked: stored !== null }
}

async function flipOnce(ctx: AuthedContext, userId: string, toolId: string): Promise<FlipRow> {
  try {
    const [row] = await ctx.db.$queryRaw<FlipRow[]>`
      WITH deleted AS (
        DELETE FROM bookmarks WHERE user_id = ${userId}::uuid AND tool_id = ${toolId}::uuid RETURNING tool_id
      ), inserted AS (
        INSERT INTO bookmarks (user_id, tool_id)
        SELECT ${userId}::uuid, t.id FROM tools t
        WHERE t.id = ${toolId}::uuid AND ${visibleToolSql(userId)} AND NOT EXISTS (SELECT 1 FROM deleted)
        ON CONFLICT (user_id, tool_id) DO NOTHING
        RETURNING tool_id
      )
      SELECT (SELECT count(*) FROM deleted)::int AS deleted, (SELECT count(*) FROM inserted)::int AS inserted`
    return row ?? { deleted: 0, inserted: 0 }
  } catch (error) {
    // The tool was deleted between the SELECT and the foreign-key check: the same as never existing.
    if (!(await toolExists(ctx, toolId))) throw notFound('Tool not found')
    throw error
  }
}

async function toolExists(ctx: AuthedContext, toolId: string): Promise<boolean> {
  return (await ctx.db.tool.count({ where: { id: toolId, ...toolsVisibleTo(ctx.user.id) } })) > 0
}
