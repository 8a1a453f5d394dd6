import { notFound } from '@promptly/core/errors/app-error'

import type { Context } from '../context.ts'
import { deleteBuiltTool, requireAdmin, TOOL_NOT_FOUND_MESSAGE } from './builder-writes.ts'
import type { BuiltToolIdInput, DeletedToolOutput } from './tool-builder.schema.ts'

/** Any tool; its bookmarks go with it, and its generations stay in their owners' history. */
export async function adminDeleteTool({
  ctx,
  input,
}: {
  ctx: Context
  input: BuiltToolIdInput
}): Promise<DeletedToolOutput> {
  requireAdmin(ctx)
  if (!(await deleteBuiltTool(ctx.db, { id: input.id }))) throw notFound(TOOL_NOT_FOUND_MESSAGE)
  return { id: input.id, deleted: true }
}
