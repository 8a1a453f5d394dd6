import { badRequest, notFound } from '@promptly/core/errors/app-error'

import type { Context } from '../context.ts'
import { adminToolScope, recordToolAudit } from '../tool-builder/admin-tool-scope.ts'
import { requireAdmin, TOOL_NOT_FOUND_MESSAGE, writtenToolSelect } from '../tool-builder/builder-writes.ts'
import type { PublishToolInput, PublishToolOutput } from '../tool-builder/tool-builder.schema.ts'

export const NO_OWNER_TO_KEEP_MESSAGE =
  'This tool has no owner to keep it as a personal tool: delete it to take it out of the catalogue'

/**
 * Puts a tool into the catalogue (a user's personal tool becomes everyone's) or takes it out, back
 * to its owner's personal tools. A seeded tool has no owner, so it can only leave by being deleted:
 * unpublished, it would be a tool nobody could see (the footer links to two of them). Publishing a
 * user's private tool is an admin acting on someone else's work: it takes a reason
 * (admin-tool-scope.ts). Either way it is audited in the same transaction.
 */
export async function adminPublishTool({
  ctx,
  input,
}: {
  ctx: Context
  input: PublishToolInput
}): Promise<PublishToolOutput> {
  requireAdmin(ctx)
  const { id, published, reason } = input
  const scope = adminToolScope(ctx, id, reason)
  const where = published ? scope : { ...scope, ownerId: { not: null } }
  const written = await ctx.db.$transaction(async (tx) => {
    const [row] = await tx.tool.updateManyAndReturn({ where, data: { published }, select: writtenToolSelect })
    if (row) await recordToolAudit(tx, ctx, published ? 'tool.publish' : 'tool.unpublish', row, reason)
    return row
  })
  if (!written) {
    const reachable = (await ctx.db.tool.count({ where: scope })) > 0
    throw reachable ? badRequest(NO_OWNER_TO_KEEP_MESSAGE) : notFound(TOOL_NOT_FOUND_MESSAGE)
  }
  void ctx.caches.catalogue.changed()
  return { id, published }
}
