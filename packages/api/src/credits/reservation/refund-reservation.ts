import { refundLapses, type RefundLapse } from '@promptly/core/credits/grant-expiry'
import type { Db, Prisma } from '@promptly/db/client'

import { noTelemetry, type Telemetry } from '../../telemetry/telemetry.ts'
import { expireDueGrants } from '../expire-due-grants.ts'

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
 * Gives back the credits a failed, timed-out or cancelled generation held, and marks it failed, in one
 * transaction. A refund goes back to a grant only while that grant is valid: credits that go back to
 * a grant which has expired meanwhile (by `now`, swept or not) lapse again in the same transaction (a
 * refund entry plus an expiry entry), as they would have had the charge not happened;
 * `amount` is what the refund entry gave back. Idempotent: only a row still 'reserved' moves (a second
 * call, or a race with commit or the sweeper, finds it settled and does nothing), and the (user,
 * 'refund', generation id) unique key refuses a second refund entry even if that guard were bypassed.
 */
export async function refundReservation(
  db: Db,
  generationId: string,
  options: RefundOptions = {},
): Promise<RefundOutcome> {
  return db.$transaction((tx) => refundWithin(tx, generationId, options))
}

/** refundReservation inside the caller's transaction (whose rollback undoes it). */
export async function refundWithin(
  tx: Prisma.TransactionClient,
  generationId: string,
  options: RefundOptions = {},
): Promise<RefundOutcome> {
  const now = options.now ?? new Date()
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
  const { userId } = await tx.generation.findUniqueOrThrow({ where: { id: generationId }, select: { userId: true } })
  // What was actually charged, from the ledger, rather than what the row says it should cost.
  const charge = await tx.creditEntry.findUnique({
    where: { userId_reason_reference: { userId, reason: 'generation', reference: generationId } },
    select: { amount: true },
  })
  const amount = charge ? -charge.amount : 0
  if (amount <= 0) return { refunded: false, amount: 0 }
  // A grant that has lapsed gets its expiry entry first, whether or not the sweeper has run, so the
  // replay below finds it expired and the credits going back to it lapse again. Under the user's
  // row lock (expireDueGrants takes it), as the sweeper works: whichever of the two comes second
  // sees what the first wrote, so a grant cannot expire between reading the ledger and refunding.
  await expireDueGrants(tx, userId, now)
  const lapses = await lapsesOfRefund(tx, userId, generationId)
  await tx.creditEntry.create({ data: { userId, amount, reason: 'refund', reference: generationId } })
  let lapsed = 0
  for (const lapse of lapses) {
    await tx.creditEntry.create({
      data: { userId, amount: -lapse.amount, reason: 'expiry', reference: lapse.reference },
    })
    lapsed += lapse.amount
  }
  // The maximum is left alone: the expired grant's credits were already taken out of it.
  await tx.user.update({ where: { id: userId }, data: { creditBalance: { increment: amount - lapsed } } })
  return { refunded: true, amount }
}

/**
 * The part of the refund that goes back to grants whose expiry is written (by the sweeper, or just
 * now by expireDueGrants), which lapses again at once (core/credits/grant-expiry.ts decides it).
 * Without an expiry entry there is nothing to replay, which spares the ledger read on the common path.
 */
async function lapsesOfRefund(
  tx: Prisma.TransactionClient,
  userId: string,
  generationId: string,
): Promise<RefundLapse[]> {
  const anyExpiry = await tx.creditEntry.findFirst({ where: { userId, reason: 'expiry' }, select: { id: true } })
  if (!anyExpiry) return []
  const entries = await tx.creditEntry.findMany({
    where: { userId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, amount: true, reason: true, reference: true, createdAt: true, expiresAt: true },
  })
  return refundLapses(entries, generationId)
}

/**
 * refundReservation for a generation's way out: never lets a failed refund replace the error the
 * caller should see. A refund that fails (the database is down) is tried again in the background
 * until the database answers (retryRefundLater); the sweeper is the last resort. The credits given
 * back are reported to `telemetry` once the refund has committed, whichever attempt it was.
 */
export async function refundQuietly(
  db: Db,
  generationId: string,
  options: RefundOptions,
  telemetry: Pick<Telemetry, 'creditsMoved'> = noTelemetry,
): Promise<void> {
  try {
    reportRefund(await refundReservation(db, generationId, options), telemetry)
  } catch {
    retryRefundLater(db, generationId, options, REFUND_RETRY_DELAYS_MS, telemetry)
  }
}

/** Credits given back, for the operator's metrics (nothing when nothing was refunded). */
export function reportRefund(outcome: RefundOutcome, telemetry: Pick<Telemetry, 'creditsMoved'>): void {
  if (outcome.refunded && outcome.amount > 0) telemetry.creditsMoved('refunded', outcome.amount)
}

/**
 * Waits before each new attempt at a refund that failed (the database was unreachable: a restart, a
 * failover), about two minutes in all. A restart takes seconds, so the user has the credits back
 * soon after the database does; the reservation sweeper's age rule (ten minutes or more) stays the
 * backstop for a longer outage or a process that dies meanwhile.
 */
const REFUND_RETRY_DELAYS_MS = [250, 500, 1_000, 2_000, 4_000, 8_000, 15_000, 30_000, 60_000] as const

/**
 * Tries the refund again after each delay in turn until one attempt goes through, in the
 * background: nobody awaits it (the caller has had its answer). Safe against the sweeper or a
 * second retry: refundReservation moves only a row still 'reserved'. The timers do not keep the
 * process alive.
 */
export function retryRefundLater(
  db: Db,
  generationId: string,
  options: RefundOptions,
  delays: readonly number[] = REFUND_RETRY_DELAYS_MS,
  telemetry: Pick<Telemetry, 'creditsMoved'> = noTelemetry,
): void {
  const [delay, ...later] = delays
  if (delay === undefined) return
  const timer = setTimeout(() => {
    refundReservation(db, generationId, options).then(
      (outcome) => reportRefund(outcome, telemetry),
      () => retryRefundLater(db, generationId, options, later, telemetry),
    )
  }, delay)
  timer.unref()
}
