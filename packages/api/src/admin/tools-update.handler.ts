import { notFound } from '@promptly/core/errors/app-error'

import type { Context } from '../context.ts'
import { adminToolScope, recordToolAudit } from '../tool-builder/admin-tool-scope.ts'
import { requireAdmin, TOOL_NOT_FOUND_MESSAGE, updateBuiltTool } from '../tool-builder/builder-writes.ts'
import { readBuiltTool } from '../tool-builder/built-tool-view.ts'
import type { AdminUpdateToolInput, BuiltToolView } from '../tool-builder/tool-builder.schema.ts'

/**
 * A catalogue tool, the admin's own, or a user's private one with a reason (admin-tool-scope.ts):
 * its owner and catalogue state stay as they are. Audited in the write's transaction.
 */
export async function adminUpdateTool({
  ctx,
  input,
}: {
  ctx: Context
  input: AdminUpdateToolInput
}): Promise<BuiltToolView> {
  requireAdmin(ctx)
  const scope = adminToolScope(ctx, input.id, input.reason)
  const written = await updateBuiltTool(ctx, scope, input.tool, (tx, tool) =>
    recordToolAudit(tx, ctx, 'tool.update', tool, input.reason),
  )
  if (!written) throw notFound(TOOL_NOT_FOUND_MESSAGE)
  const saved = await readBuiltTool(ctx, { id: input.id })
  if (!saved) throw notFound(TOOL_NOT_FOUND_MESSAGE)
  return saved
}
