import type { Context } from '../context.ts'
import { insertBuiltTool, requireAdmin } from './builder-writes.ts'
import type { BuiltToolInput, CreatedToolOutput } from './tool-builder.schema.ts'

/** A catalogue tool, published at once, recorded as built by the admin. */
export async function adminCreateTool({
  ctx,
  input,
}: {
  ctx: Context
  input: BuiltToolInput
}): Promise<CreatedToolOutput> {
  requireAdmin(ctx)
  return insertBuiltTool(ctx.db, input, { ownerId: ctx.user.id, published: true })
}
