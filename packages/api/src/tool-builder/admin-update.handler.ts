import { notFound } from '@promptly/core/errors/app-error'

import type { Context } from '../context.ts'
import { requireAdmin, TOOL_NOT_FOUND_MESSAGE, updateBuiltTool } from './builder-writes.ts'
import { readBuiltTool } from './built-tool-view.ts'
import type { BuiltToolView, UpdateBuiltToolInput } from './tool-builder.schema.ts'

/** Any tool, catalogue or personal: its owner and catalogue state stay as they are. */
export async function adminUpdateTool({
  ctx,
  input,
}: {
  ctx: Context
  input: UpdateBuiltToolInput
}): Promise<BuiltToolView> {
  requireAdmin(ctx)
  if (!(await updateBuiltTool(ctx.db, { id: input.id }, input.tool))) throw notFound(TOOL_NOT_FOUND_MESSAGE)
  const saved = await readBuiltTool(ctx, { id: input.id })
  if (!saved) throw notFound(TOOL_NOT_FOUND_MESSAGE)
  return saved
}
