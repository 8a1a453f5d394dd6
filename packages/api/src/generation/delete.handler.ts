import { AppError, notFound } from '@promptly/core/errors/app-error'
import type { AuthedContext } from '../context.ts'
import type { DeleteGenerationInput, DeleteGenerationOutput } from './delete.schema.ts'
import { GENERATION_NOT_FOUND } from './get.handler.ts'

/**
 * Deletes one of the caller's generations from history. The ledger keeps its entries (append-only;
 * they name the id as a reference). A generation still running is refused: its reservation must be
 * settled on its row, or the credits could neither be committed nor refunded.
 */
export async function deleteGeneration({ ctx, input }: { ctx: AuthedContext; input: DeleteGenerationInput }): Promise<DeleteGenerationOutput> {
  const deleted = await ctx.db.generation.deleteMany({
    where: { id: input.id, userId: ctx.user.id, status: { not: 'reserved' } },
  })
  if (deleted.count === 1) return { id: input.id }
  const running = await ctx.db.generation.findFirst({ where: { id: input.id, userId: ctx.user.id }, select: { id: true } })
  if (running) throw new AppError('CONFLICT', 'This generation is still running. Try again when it has finished.')
  throw notFound(GENERATION_NOT_FOUND)
}
