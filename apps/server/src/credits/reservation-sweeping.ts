import type { AiConfig } from '@promptly/ai/config'
import { refundStaleReservations, startReservationSweeper, type SweeperLog } from '@promptly/api/credits/reservation-sweeper'
import type { Db } from '@promptly/db/client'

/** How often the running server looks for abandoned reservations. */
export const SWEEP_INTERVAL_MS = 60_000
/** Never consider a reservation abandoned sooner than this, whatever the AI settings. */
const MIN_STALE_AFTER_MS = 10 * 60_000
/** The SDK's retry backoff tops out well below this (0.5 s, 1 s, ... obeying retry-after). */
const BACKOFF_ALLOWANCE_MS = 30_000

/**
 * When a reservation counts as abandoned: well above the longest a live generation can wait on the
 * provider (its timeout for every attempt, doubled for a slow stream that keeps resetting the idle
 * timer, plus backoff), so the sweeper never refunds a generation that is still running elsewhere
 * (another instance) and would then be committed too (commitReservation refuses that, but the
 * user would lose the answer).
 */
export function staleReservationAge(ai: Pick<AiConfig, 'timeoutMs' | 'maxRetries'>): number {
  return Math.max(MIN_STALE_AFTER_MS, 2 * ai.timeoutMs * (ai.maxRetries + 1) + BACKOFF_ALLOWANCE_MS)
}

/** Safety stop for the start-up sweep's loop (batches of 100: 100,000 rows). */
const MAX_STARTUP_BATCHES = 1_000

/**
 * Start-up: refunds what a killed process left reserved (awaited, so the server only starts
 * listening once credits are right), then sweeps every SWEEP_INTERVAL_MS. Returns the stop function
 * (awaits a sweep in progress) for shutdown.
 */
export async function startSweepingReservations(db: Db, ai: Pick<AiConfig, 'timeoutMs' | 'maxRetries'>, log: SweeperLog): Promise<{ refundedAtStart: number; stop: () => Promise<void> }> {
  const staleAfterMs = staleReservationAge(ai)
  let refundedAtStart = 0
  for (let batch = 0; batch < MAX_STARTUP_BATCHES; batch += 1) {
    const refunded = await refundStaleReservations(db, { olderThan: new Date(Date.now() - staleAfterMs) })
    refundedAtStart += refunded
    if (refunded === 0) break
  }
  if (refundedAtStart > 0) log.info({ refunded: refundedAtStart }, 'Refunded reservations abandoned by a previous process')
  const stop = startReservationSweeper(db, { intervalMs: SWEEP_INTERVAL_MS, staleAfterMs, log })
  return { refundedAtStart, stop }
}
