import { badRequest, notFound } from '@promptly/core/errors/app-error'

import { invalidateCatalogue } from '../catalogue-cache/catalogue-cache.ts'
import type { Context } from '../context.ts'
import { requireAdmin, TOOL_NOT_FOUND_MESSAGE } from './builder-writes.ts'
import type { PublishToolInput, PublishToolOutput } from './tool-builder.schema.ts'

export const NO_OWNER_TO_KEEP_MESSAGE =
  'This tool has no owner to keep it as a personal tool: delete it to take it out of the catalogue'

/**
 * Puts a tool into the catalogue (a user's personal tool becomes everyone's) or takes it out, back
 * to its owner's personal tools. A seeded tool has no owner, so it can only leave by being deleted:
 * unpublished, it would be a tool nobody could see (the footer links to two of them).
 */
export async function adminPublishTool({
  ctx,
  input,
}: {
  ctx: Context
  input: PublishToolInput
}): Promise<PublishToolOutput> {
  requireAdmin(ctx)
  const where = input.published ? { id: input.id } : { id: input.id, ownerId: { not: null } }
  const { count } = await ctx.db.tool.updateMany({ where, data: { published: input.published } })
  if (count === 0) {
    const exists = (await ctx.db.tool.count({ where: { id: input.id } })) > 0
    throw exists ? badRequest(NO_OWNER_TO_KEEP_MESSAGE) : notFound(TOOL_NOT_FOUND_MESSAGE)
  }
  invalidateCatalogue(ctx.db)
  return input
}
