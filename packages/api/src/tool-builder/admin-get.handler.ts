import { notFound } from '@promptly/core/errors/app-error'

import type { Context } from '../context.ts'
import { requireAdmin, TOOL_NOT_FOUND_MESSAGE } from './builder-writes.ts'
import { readBuiltTool } from './built-tool-view.ts'
import type { BuiltToolIdInput, BuiltToolView } from './tool-builder.schema.ts'

/** Any tool as the builder edits it, a user's personal one included (to review it before publishing). */
export async function adminGetTool({ ctx, input }: { ctx: Context; input: BuiltToolIdInput }): Promise<BuiltToolView> {
  requireAdmin(ctx)
  const tool = await readBuiltTool(ctx, { id: input.id })
  if (!tool) throw notFound(TOOL_NOT_FOUND_MESSAGE)
  return tool
}
