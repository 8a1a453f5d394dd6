import { forbidden, notFound } from '@promptly/core/errors/app-error'

import type { AuthedContext } from '../context.ts'
import { ownedBy, personalToolsOf, PUBLISHED_TOOLS } from '../tools/tool-visibility.ts'
import { TOOL_NOT_FOUND_MESSAGE, type BuiltToolScope } from './builder-writes.ts'

export const PUBLISHED_PERSONAL_TOOL_MESSAGE = 'This tool is in the catalogue now: only an admin can change it'

/** The caller's own tools that they may still change: those not (yet) in the catalogue. */
export function ownPrivateTool(ctx: AuthedContext, id: string): BuiltToolScope {
  return { id, ...personalToolsOf(ctx.user.id) }
}

/**
 * Why a write to `id` reached no row: another user's tool (or none) is NOT_FOUND, never a hint that
 * it exists; the caller's own tool that an admin published is FORBIDDEN, with the reason.
 */
export async function refusedPersonalWrite(ctx: AuthedContext, id: string): Promise<Error> {
  const ownPublished = await ctx.db.tool.count({ where: { id, ...ownedBy(ctx.user.id), ...PUBLISHED_TOOLS } })
  return ownPublished > 0 ? forbidden(PUBLISHED_PERSONAL_TOOL_MESSAGE) : notFound(TOOL_NOT_FOUND_MESSAGE)
}
