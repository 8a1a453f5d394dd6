import type { AiConfig } from '@promptly/ai/config'
import type { SweepLeader } from '@promptly/api/credits/periodic-sweep'
import {
  refundStaleReservations,
  staleCutoffs,
  startReservationSweeper,
  type SweeperLog,
} from '@promptly/api/credits/reservation/reservation-sweeper'
import type { Telemetry } from '@promptly/api/telemetry/telemetry'
import type { Db } from '@promptly/db/client'

import { LEASE_TTL_MS } from '../instances/instance-lease.ts'

/**
 * How often the running server looks for abandoned reservations by default
 * (RESERVATION_SWEEP_INTERVAL_MS in env.ts). With LEASE_TTL_MS, a crashed instance's reservations
 * come back within LEASE_TTL_MS + this (45 s) of its last heartbeat.
 */
export const RESERVATION_SWEEP_INTERVAL_MS = 15_000
/** Never consider a reservation abandoned by age sooner than this, whatever the AI settings. */
const MIN_STALE_AFTER_MS = 10 * 60_000
/** The SDK's retry backoff tops out well below this (0.5 s, 1 s, ... obeying retry-after). */
const BACKOFF_ALLOWANCE_MS = 30_000

/**
 * When a reservation counts as abandoned by age alone (rows that name no instance, and a backstop
 * for all): well above the longest a live generation can wait on the provider (its timeout for
 * every attempt, doubled for a slow stream that keeps resetting the idle timer, plus backoff), so
 * the sweeper never refunds a generation that is still running (commitReservation refuses that,
 * but the user would lose the answer).
 */
export function staleReservationAge(ai: Pick<AiConfig, 'timeoutMs' | 'maxRetries'>): number {
  return Math.max(MIN_STALE_AFTER_MS, 2 * ai.timeoutMs * (ai.maxRetries + 1) + BACKOFF_ALLOWANCE_MS)
}

/** Safety stop for the start-up sweep's loop (batches of 100: 100,000 rows). */
const MAX_STARTUP_BATCHES = 1_000

export interface ReservationSweeping {
  refundedAtStart: number
  /** One sweep, as the timer runs it (tests call it instead of waiting for the timer). */
  sweepOnce(): Promise<number>
  stop(): Promise<void>
}

export interface SweepingOptions {
  /** The clock (tests move it instead of waiting). */
  now?: () => Date
  /** With several instances: sweep only while this one leads. */
  leads?: SweepLeader
  /** An instance whose lease is older than this is dead (default LEASE_TTL_MS). */
  leaseTtlMs?: number
  /** How often to sweep (default RESERVATION_SWEEP_INTERVAL_MS). */
  intervalMs?: number
  /** Where the refunds are reported (the instance's metrics); nowhere by default. */
  telemetry?: Pick<Telemetry, 'creditsMoved' | 'reservationsSwept'>
}

/**
 * Start-up: refunds what is already abandoned (awaited, so the server only starts listening once
 * credits are right), then sweeps every `intervalMs`: reservations of instances whose lease lapsed
 * (`leaseTtlMs`), and any older than staleReservationAge. Returns the stop function (awaits a sweep
 * in progress) for shutdown.
 */
export async function startSweepingReservations(
  db: Db,
  ai: Pick<AiConfig, 'timeoutMs' | 'maxRetries'>,
  log: SweeperLog,
  {
    now = () => new Date(),
    leads,
    leaseTtlMs = LEASE_TTL_MS,
    intervalMs = RESERVATION_SWEEP_INTERVAL_MS,
    telemetry,
  }: SweepingOptions = {},
): Promise<ReservationSweeping> {
  const rules = { staleAfterMs: staleReservationAge(ai), leaseTtlMs }
  const sweepOnce = () => refundStaleReservations(db, staleCutoffs(now(), rules), telemetry)
  let refundedAtStart = 0
  for (let batch = 0; batch < MAX_STARTUP_BATCHES; batch += 1) {
    const refunded = await sweepOnce()
    refundedAtStart += refunded
    if (refunded === 0) break
  }
  if (refundedAtStart > 0)
    log.info({ refunded: refundedAtStart }, 'Refunded reservations abandoned by a previous process')
  const stop = startReservationSweeper(db, {
    intervalMs,
    ...rules,
    log,
    now,
    ...(leads && { leads }),
    ...(telemetry && { telemetry }),
  })
  return { refundedAtStart, sweepOnce, stop }
}
