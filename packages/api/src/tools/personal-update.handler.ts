import { notFound } from '@promptly/core/errors/app-error'

import type { AuthedContext } from '../context.ts'
import { TOOL_NOT_FOUND_MESSAGE, updateBuiltTool } from '../tool-builder/builder-writes.ts'
import { readBuiltTool } from '../tool-builder/built-tool-view.ts'
import { ownPrivateTool, refusedPersonalWrite } from '../tool-builder/personal-scope.ts'
import type { BuiltToolView, UpdateBuiltToolInput } from '../tool-builder/tool-builder.schema.ts'
import { ownedBy } from './tool-visibility.ts'

/** One of the caller's personal tools; NOT_FOUND for anyone else's, FORBIDDEN once it is in the catalogue. */
export async function updatePersonalTool({
  ctx,
  input,
}: {
  ctx: AuthedContext
  input: UpdateBuiltToolInput
}): Promise<BuiltToolView> {
  if (!(await updateBuiltTool(ctx, ownPrivateTool(ctx, input.id), input.tool))) {
    throw await refusedPersonalWrite(ctx, input.id)
  }
  const saved = await readBuiltTool(ctx, { id: input.id, ...ownedBy(ctx.user.id) })
  if (!saved) throw notFound(TOOL_NOT_FOUND_MESSAGE)
  return saved
}
