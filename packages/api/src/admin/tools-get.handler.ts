import { notFound } from '@promptly/core/errors/app-error'

import type { Context } from '../context.ts'
import { adminToolScope, isOthersPrivateTool, recordToolAudit } from '../tool-builder/admin-tool-scope.ts'
import { requireAdmin, TOOL_NOT_FOUND_MESSAGE } from '../tool-builder/builder-writes.ts'
import { readBuiltTool } from '../tool-builder/built-tool-view.ts'
import type { AdminToolIdInput, BuiltToolView } from '../tool-builder/tool-builder.schema.ts'

/**
 * A tool as the builder edits it: any catalogue tool, the admin's own, and a user's private one only
 * with a reason (admin-tool-scope.ts), which is then audited as a read of that user's tool.
 */
export async function adminGetTool({ ctx, input }: { ctx: Context; input: AdminToolIdInput }): Promise<BuiltToolView> {
  requireAdmin(ctx)
  const tool = await readBuiltTool(ctx, adminToolScope(ctx, input.id, input.reason))
  if (!tool) throw notFound(TOOL_NOT_FOUND_MESSAGE)
  if (isOthersPrivateTool(ctx, tool)) await recordToolAudit(ctx.db, ctx, 'tool.read', tool, input.reason)
  return tool
}
