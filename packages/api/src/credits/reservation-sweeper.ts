import type { Db } from '@promptly/db/client'
import { startPeriodicSweep, type SweeperLog } from './periodic-sweep.ts'
import { refundReservation } from './refund-reservation.ts'

export type { SweeperLog } from './periodic-sweep.ts'

/** The message kept on a generation the sweeper refunded. */
export const ABANDONED_GENERATION_ERROR = 'The generation did not finish; its credits were refunded.'

/** How many stale reservations one sweep settles; the next sweep takes the rest. */
const SWEEP_BATCH = 100

/**
 * Refunds generations still 'reserved' that were created before `olderThan`: their process died
 * (crash, deploy, kill) between reserving and settling. Each is refunded on its own, so one bad row
 * cannot hold back the others, and refundReservation's guard makes a race with a late commit safe.
 * Returns how many were refunded.
 */
export async function refundStaleReservations(db: Db, { olderThan }: { olderThan: Date }): Promise<number> {
  const stale = await db.generation.findMany({
    where: { status: 'reserved', createdAt: { lt: olderThan } },
    select: { id: true },
    orderBy: { createdAt: 'asc' },
    take: SWEEP_BATCH,
  })
  let refunded = 0
  for (const { id } of stale) {
    const outcome = await refundReservation(db, id, { error: ABANDONED_GENERATION_ERROR })
    if (outcome.refunded) refunded += 1
  }
  return refunded
}

export interface SweeperOptions {
  intervalMs: number
  /**
   * A reservation older than this is abandoned. Keep it well above the longest a generation can
   * take (provider timeout x (retries + 1) plus backoff), or a slow one is refunded while it runs.
   */
  staleAfterMs: number
  log: SweeperLog
}

/**
 * Sweeps once now (reservations left by the previous process) and then every `intervalMs`, never
 * two at once. Returns a stop function that resolves once a sweep in progress has finished.
 */
export function startReservationSweeper(db: Db, options: SweeperOptions): () => Promise<void> {
  return startPeriodicSweep(
    async () => {
      const refunded = await refundStaleReservations(db, { olderThan: new Date(Date.now() - options.staleAfterMs) })
      if (refunded > 0) options.log.info({ refunded }, 'Refunded abandoned generation reservations')
    },
    { intervalMs: options.intervalMs, log: options.log, failureMessage: 'Sweeping abandoned reservations failed' },
  )
}
