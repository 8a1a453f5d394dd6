import { notFound } from '@promptly/core/errors/app-error'

import type { Context } from '../context.ts'
import { adminToolScope, recordToolAudit } from '../tool-builder/admin-tool-scope.ts'
import { deleteBuiltTool, requireAdmin, TOOL_NOT_FOUND_MESSAGE } from '../tool-builder/builder-writes.ts'
import type { AdminToolIdInput, DeletedToolOutput } from '../tool-builder/tool-builder.schema.ts'

/**
 * A catalogue tool, the admin's own, or a user's private one with a reason (admin-tool-scope.ts);
 * its bookmarks go with it, and its generations stay in their owners' history. Audited in the
 * delete's transaction.
 */
export async function adminDeleteTool({
  ctx,
  input,
}: {
  ctx: Context
  input: AdminToolIdInput
}): Promise<DeletedToolOutput> {
  requireAdmin(ctx)
  const scope = adminToolScope(ctx, input.id, input.reason)
  const deleted = await deleteBuiltTool(ctx, scope, (tx, tool) =>
    recordToolAudit(tx, ctx, 'tool.delete', tool, input.reason),
  )
  if (!deleted) throw notFound(TOOL_NOT_FOUND_MESSAGE)
  return { id: input.id, deleted: true }
}
