import { AppError, notFound } from '@promptly/core/errors/app-error'

import type { AuthedContext } from '../context.ts'
import type { DeleteGenerationInput, DeleteGenerationOutput } from './delete.schema.ts'
import { GENERATION_NOT_FOUND } from './get.handler.ts'

/**
 * Deletes one of the caller's generations from history, with the images or audio it produced (rows
 * and stored objects: once deleted, /media/{id} answers 404, to a signed share URL too, and an S3
 * presigned URL finds no object: that is what revokes a share URL before it expires). The ledger
 * keeps its entries (append-only; they name the id as a reference). A generation still running is
 * refused: its reservation must be settled on its row, or the credits could neither be committed
 * nor refunded.
 */
export async function deleteGeneration({
  ctx,
  input,
}: {
  ctx: AuthedContext
  input: DeleteGenerationInput
}): Promise<DeleteGenerationOutput> {
  const media = await ctx.db.$transaction(async (tx) => {
    const owned = await tx.storedMedia.findMany({
      where: { generationId: input.id, userId: ctx.user.id },
      select: { id: true, storageKey: true },
    })
    const deleted = await tx.generation.deleteMany({
      where: { id: input.id, userId: ctx.user.id, status: { not: 'reserved' } },
    })
    if (deleted.count === 0) return null
    await tx.storedMedia.deleteMany({ where: { id: { in: owned.map((item) => item.id) } } })
    return owned
  })
  if (media) {
    // After the rows: an object whose delete fails is unreachable (no row names it) and harmless.
    await Promise.all(media.map((item) => ctx.media.delete(item.storageKey).catch(() => undefined)))
    return { id: input.id }
  }
  const running = await ctx.db.generation.findFirst({
    where: { id: input.id, userId: ctx.user.id },
    select: { id: true },
  })
  if (running) throw new AppError('CONFLICT', 'This generation is still running. Try again when it has finished.')
  throw notFound(GENERATION_NOT_FOUND)
}
