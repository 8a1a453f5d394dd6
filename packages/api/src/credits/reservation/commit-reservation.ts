import type { Prisma } from '@promptly/db/generated/prisma/client'

export interface GenerationResult {
  /** The sanitised HTML (or text) to keep in history. */
  output: string
  latencyMs: number
  /** The model that answered, when the provider reports a different one than was reserved with. */
  model?: string | null
}

/**
 * Settles a reservation as a success: the held credits stay spent and the Generation row records
 * its output. Only a row still 'reserved' changes: if the sweeper (or a failure path) refunded it
 * first, nothing is overwritten and false is returned, so a generation is never both refunded and
 * charged. Takes the client or a transaction (a bulk row commits with its row's delivery).
 */
export async function commitReservation(
  db: Prisma.TransactionClient,
  generationId: string,
  result: GenerationResult,
  now = new Date(),
): Promise<boolean> {
  const committed = await db.generation.updateMany({
    where: { id: generationId, status: 'reserved' },
    data: {
      status: 'succeeded',
      output: result.output,
      latencyMs: Math.max(0, Math.round(result.latencyMs)),
      finishedAt: now,
      ...(result.model ? { model: result.model } : {}),
    },
  })
  return committed.count === 1
}
