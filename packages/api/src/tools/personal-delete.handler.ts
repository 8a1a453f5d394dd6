import type { AuthedContext } from '../context.ts'
import { deleteBuiltTool } from '../tool-builder/builder-writes.ts'
import { ownPrivateTool, refusedPersonalWrite } from '../tool-builder/personal-scope.ts'
import type { BuiltToolIdInput, DeletedToolOutput } from '../tool-builder/tool-builder.schema.ts'

/** One of the caller's personal tools; NOT_FOUND for anyone else's, FORBIDDEN once it is in the catalogue. */
export async function deletePersonalTool({
  ctx,
  input,
}: {
  ctx: AuthedContext
  input: BuiltToolIdInput
}): Promise<DeletedToolOutput> {
  if (!(await deleteBuiltTool(ctx, ownPrivateTool(ctx, input.id)))) throw await refusedPersonalWrite(ctx, input.id)
  return { id: input.id, deleted: true }
}
