import { AppError, notFound } from '@promptly/core/errors/app-error'

import type { AuthedContext } from '../context.ts'
import type { DeleteGenerationInput, DeleteGenerationOutput } from './delete.schema.ts'
import { GENERATION_NOT_FOUND } from './get.handler.ts'

/** Said when the generation delivered (or tried) a row of a bulk job. */
export const BULK_ROW_GENERATION = 'This generation is a row of a bulk run: it is kept with the run and its results.'

/**
 * Deletes one of the caller's generations from history, with the images or audio it produced (rows
 * and stored objects: once deleted, /media/{id} answers 404, to a signed share URL too, and an S3
 * presigned URL finds no object: that is what revokes a share URL before it expires). The ledger
 * keeps its entries (append-only; they name the id as a reference). A generation still running is
 * refused: its reservation must be settled on its row, or the credits could neither be committed
 * nor refunded. So is a generation of a bulk job's row: history lists the job, not its rows, and the
 * job's rows and results still reach the generation by its id (a media row's images or audio too),
 * so deleting it would take them from under the job, or leave a row naming a generation that is gone.
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
      where: { id: input.id, userId: ctx.user.id, status: { not: 'reserved' }, bulkJobId: null },
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
  const kept = await ctx.db.generation.findFirst({
    where: { id: input.id, userId: ctx.user.id },
    select: { bulkJobId: true },
  })
  if (!kept) throw notFound(GENERATION_NOT_FOUND)
  if (kept.bulkJobId !== null) throw new AppError('CONFLICT', BULK_ROW_GENERATION)
  throw new AppError('CONFLICT', 'This generation is still running. Try again when it has finished.')
}
