import { notFound } from '@promptly/core/errors/app-error'

import type { AuthedContext } from '../context.ts'
import { GENERATION_NOT_FOUND } from './get.handler.ts'
import type { KeepGenerationInput } from './keep.schema.ts'

/** Sets the "Keep" mark history shows. NOT_FOUND for anyone else's generation, as for an unknown one. */
export async function keepGeneration({ ctx, input }: { ctx: AuthedContext; input: KeepGenerationInput }) {
  const { count } = await ctx.db.generation.updateMany({
    where: { id: input.id, userId: ctx.user.id },
    data: { kept: input.kept },
  })
  if (count === 0) throw notFound(GENERATION_NOT_FOUND)
  return { id: input.id, kept: input.kept }
}
