import type { Db } from '@promptly/db/client'

export interface RefundOptions {
  /** Why it failed, user-safe (the AI provider's mapped message, 'cancelled', ...). Kept on the row. */
  error?: string
  latencyMs?: number
  now?: Date
}

export interface RefundOutcome {
  /** False when there was nothing to refund: already refunded, already succeeded, or unknown id. */
  refunded: boolean
  amount: number
}

/**
 * Gives back the credits a failed, timed-out or cancelled generation held, and marks it failed, in
 * one transaction. Idempotent: only a row still 'reserved' moves (a second call, or a race with
 * commit or the sweeper, finds it settled and does nothing), and the (user, 'refund', generation id)
 * unique key refuses a second refund entry even if that guard were bypassed.
 */
export async function refundReservation(db: Db, generationId: string, options: RefundOptions = {}): Promise<RefundOutcome> {
  const now = options.now ?? new Date()
  return db.$transaction(async (tx) => {
    const settled = await tx.generation.updateMany({
      where: { id: generationId, status: 'reserved' },
      data: {
        status: 'failed',
        error: options.error ?? 'failed',
        finishedAt: now,
        ...(options.latencyMs === undefined ? {} : { latencyMs: Math.max(0, Math.round(options.latencyMs)) }),
      },
    })
    if (settled.count === 0) return { refunded: false, amount: 0 }
    const generation = await tx.generation.findUniqueOrThrow({ where: { id: generationId }, select: { userId: true } })
    // What was actually charged, from the ledger, rather than what the row says it should cost.
    const charge = await tx.creditEntry.findUnique({
      where: { userId_reason_reference: { userId: generation.userId, reason: 'generation', reference: generationId } },
      select: { amount: true },
    })
    const amount = charge ? -charge.amount : 0
    if (amount <= 0) return { refunded: false, amount: 0 }
    await tx.creditEntry.create({ data: { userId: generation.userId, amount, reason: 'refund', reference: generationId } })
    await tx.user.update({ where: { id: generation.userId }, data: { creditBalance: { increment: amount } } })
    return { refunded: true, amount }
  })
}

/**
 * refundReservation for a generation's way out: never lets a failed refund replace the error the
 * caller should see. The reservation then stays 'reserved' and the sweeper refunds it later.
 */
export async function refundQuietly(db: Db, generationId: string, options: RefundOptions): Promise<void> {
  try {
    await refundReservation(db, generationId, options)
  } catch {
    // Left for the reservation sweeper (see reservation-sweeper.ts).
  }
}
