import type { Db } from '@promptly/db/client'

import { noTelemetry, type Telemetry } from '../../telemetry/telemetry.ts'
import { startPeriodicSweep, type SweeperLog, type SweepLeader } from '../periodic-sweep.ts'
import { refundReservation, reportRefund } from './refund-reservation.ts'

export type { SweeperLog } from '../periodic-sweep.ts'

/** The message kept on a generation the sweeper refunded. */
export const ABANDONED_GENERATION_ERROR = 'The generation did not finish; its credits were refunded.'

/** How many stale reservations one sweep settles; the next sweep takes the rest. */
const SWEEP_BATCH = 100

export interface StaleReservationCutoffs {
  /** Any reservation created before this is abandoned, whoever holds it (the age rule). */
  olderThan: Date
  /**
   * A reservation held by an instance whose lease (ServerInstance.heartbeatAt) was last renewed
   * before this, or whose instance row is gone, is abandoned: that process died or was stopped.
   */
  leaseLapsedBefore: Date
}

/**
 * Refunds generations still 'reserved' whose process died (crash, deploy, kill) between reserving
 * and settling: those of an instance whose lease lapsed, within seconds, and any older than
 * `olderThan`, the only rule for rows written without an instance. Each is refunded on its own, so
 * one bad row cannot hold back the others, and refundReservation's guard makes a race with a late
 * commit safe. Then forgets the lapsed instances (a row gone counts as lapsed, so any reservation of
 * theirs left for the next sweep is still refunded). Returns how many were refunded, and reports
 * them and their credits to `telemetry`.
 */
export async function refundStaleReservations(
  db: Db,
  { olderThan, leaseLapsedBefore }: StaleReservationCutoffs,
  telemetry: Pick<Telemetry, 'creditsMoved' | 'reservationsSwept'> = noTelemetry,
): Promise<number> {
  const stale = await db.$queryRaw<Array<{ id: string }>>`
    SELECT g.id::text AS id
    FROM generations g
    WHERE g.status = 'reserved'
      AND (
        g.created_at < ${olderThan}
        OR (
          g.instance_id IS NOT NULL
          AND NOT EXISTS (
            SELECT 1 FROM server_instances i WHERE i.id = g.instance_id AND i.heartbeat_at >= ${leaseLapsedBefore}
          )
        )
      )
    ORDER BY g.created_at
    LIMIT ${SWEEP_BATCH}`
  let refunded = 0
  for (const { id } of stale) {
    const outcome = await refundReservation(db, id, { error: ABANDONED_GENERATION_ERROR })
    reportRefund(outcome, telemetry)
    if (outcome.refunded) refunded += 1
  }
  if (refunded > 0) telemetry.reservationsSwept(refunded)
  await db.serverInstance.deleteMany({ where: { heartbeatAt: { lt: leaseLapsedBefore } } })
  return refunded
}

export interface SweeperOptions {
  intervalMs: number
  /**
   * A reservation older than this is abandoned. Keep it well above the longest a generation can
   * take (provider timeout x (retries + 1) plus backoff), or a slow one is refunded while it runs.
   */
  staleAfterMs: number
  /** An instance whose lease was not renewed for this long is dead (several renewal periods). */
  leaseTtlMs: number
  log: SweeperLog
  /** The clock (tests move it instead of waiting). */
  now?: () => Date
  /** With several instances: sweep only while this one leads. */
  leads?: SweepLeader
  /** Where the refunds are reported (the instance's metrics); nowhere by default. */
  telemetry?: Pick<Telemetry, 'creditsMoved' | 'reservationsSwept'>
}

/** The cut-offs of a sweep at `now`. */
export function staleCutoffs(
  now: Date,
  { staleAfterMs, leaseTtlMs }: Pick<SweeperOptions, 'staleAfterMs' | 'leaseTtlMs'>,
): StaleReservationCutoffs {
  return { olderThan: new Date(now.getTime() - staleAfterMs), leaseLapsedBefore: new Date(now.getTime() - leaseTtlMs) }
}

/**
 * Sweeps once now and then every `intervalMs`, never two at once. Returns a stop function that
 * resolves once a sweep in progress has finished.
 */
export function startReservationSweeper(db: Db, options: SweeperOptions): () => Promise<void> {
  const now = options.now ?? (() => new Date())
  return startPeriodicSweep(
    async () => {
      const refunded = await refundStaleReservations(db, staleCutoffs(now(), options), options.telemetry)
      if (refunded > 0) options.log.info({ refunded }, 'Refunded abandoned generation reservations')
    },
    {
      intervalMs: options.intervalMs,
      log: options.log,
      failureMessage: 'Sweeping abandoned reservations failed',
      ...(options.leads && { leads: options.leads }),
    },
  )
}
