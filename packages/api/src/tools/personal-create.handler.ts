import { AppError } from '@promptly/core/errors/app-error'

import type { AuthedContext } from '../context.ts'
import { insertBuiltTool } from '../tool-builder/builder-writes.ts'
import type { BuiltToolInput, CreatedToolOutput } from '../tool-builder/tool-builder.schema.ts'
import { personalToolsOf } from './tool-visibility.ts'

export function personalToolLimitMessage(limit: number): string {
  return limit === 0
    ? 'Personal tools are turned off on this server'
    : `You already have ${limit} personal tools, the most allowed. Delete one to build another.`
}

/**
 * A personal tool: private to the caller until an admin publishes it. The limit (PERSONAL_TOOL_LIMIT)
 * counts the caller's private tools and holds under concurrency: the caller's user row is locked
 * first, so two creations at once count one after the other instead of both seeing room for one more.
 */
export async function createPersonalTool({
  ctx,
  input,
}: {
  ctx: AuthedContext
  input: BuiltToolInput
}): Promise<CreatedToolOutput> {
  const { id: ownerId } = ctx.user
  return insertBuiltTool(ctx, input, { ownerId, published: false }, async (tx) => {
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${ownerId}::uuid FOR UPDATE`
    const kept = await tx.tool.count({ where: personalToolsOf(ownerId) })
    if (kept >= ctx.personalToolLimit) throw new AppError('CONFLICT', personalToolLimitMessage(ctx.personalToolLimit))
  })
}
