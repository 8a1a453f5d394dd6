import type { Context } from '../context.ts'
import { recordToolAudit } from '../tool-builder/admin-tool-scope.ts'
import { insertBuiltTool, requireAdmin } from '../tool-builder/builder-writes.ts'
import type { BuiltToolInput, CreatedToolOutput } from '../tool-builder/tool-builder.schema.ts'

/** A catalogue tool, published at once, recorded as built by the admin; audited with the tool. */
export async function adminCreateTool({
  ctx,
  input,
}: {
  ctx: Context
  input: BuiltToolInput
}): Promise<CreatedToolOutput> {
  requireAdmin(ctx)
  const ownerId = ctx.user.id
  return insertBuiltTool(ctx, input, { ownerId, published: true }, (tx, id) =>
    recordToolAudit(tx, ctx, 'tool.create', { id, name: input.name, ownerId }, undefined),
  )
}
