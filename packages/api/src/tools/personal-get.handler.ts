import { notFound } from '@promptly/core/errors/app-error'

import type { AuthedContext } from '../context.ts'
import { TOOL_NOT_FOUND_MESSAGE } from '../tool-builder/builder-writes.ts'
import { readBuiltTool } from '../tool-builder/built-tool-view.ts'
import type { BuiltToolIdInput, BuiltToolView } from '../tool-builder/tool-builder.schema.ts'
import { ownedBy } from './tool-visibility.ts'

/** One of the caller's own tools as the builder edits it; NOT_FOUND for anyone else's. */
export async function getPersonalTool({
  ctx,
  input,
}: {
  ctx: AuthedContext
  input: BuiltToolIdInput
}): Promise<BuiltToolView> {
  const tool = await readBuiltTool(ctx, { id: input.id, ...ownedBy(ctx.user.id) })
  if (!tool) throw notFound(TOOL_NOT_FOUND_MESSAGE)
  return tool
}
