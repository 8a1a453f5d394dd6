import { AppError } from '@promptly/core/errors/app-error'
import type { Db } from '@promptly/db/client'
import { Prisma } from '@promptly/db/generated/prisma/client'
import type { ToolKind } from '@promptly/db/generated/prisma/enums'

import { expireDueGrants, holdsLapsedGrant } from '../expire-due-grants.ts'

/** What is being generated: saved with the reservation, so history and the sweeper can find it. */
export interface GenerationDraft {
  kind: ToolKind
  toolId?: string | null
  /** The values the user sent (history shows and re-runs them). */
  input: Prisma.InputJsonValue
  /** Which AI provider and model answer it ('openai-compatible' or 'local'). */
  provider: string
  model?: string | null
  /** The bulk job this generation is a row of (history lists the job, not its rows). */
  bulkJobId?: string | null
  /** The brand voice applied, as it was (history shows it); null or absent: none. */
  voice?: Prisma.InputJsonValue | null
}

export interface Reservation {
  userId: string
  /** Credits to hold per generation, from the cost table (packages/core/src/credits/costs.ts). */
  amount: number
  /** Chosen by the caller before reserving, so the ledger entry can name it. */
  generationId: string
  /**
   * More generations reserved together with this one, all or none (a run's other variants): each is
   * its own Generation row and ledger entry, holding `amount` too, and is settled on its own.
   */
  variantIds?: readonly string[]
  generation: GenerationDraft
  /**
   * The server instance holding the reservation (its ServerInstance lease): if the instance dies,
   * the sweeper refunds it as soon as the lease lapses. Absent: only the age rule applies.
   */
  instanceId?: string | null
}

/**
 * Holds the cost of a generation (or of a run's variants, all or none) before the provider is called.
 * One SQL statement, so one round trip on the hot path and atomic without an explicit transaction:
 * - the balance goes down only if it covers the amount (a conditional UPDATE: under concurrency
 *   PostgreSQL re-checks the condition after waiting for the row lock, so the balance can never go
 *   below zero), and only if none of the user's grants has lapsed without its expiry entry (an
 *   indexed look-up): a lapsed grant's credits are spent, whether or not the sweeper has run;
 * - for the row it updated, and only then, per generation a 'generation' ledger entry (negative amount,
 *   reference = generation id) and the Generation row, status 'reserved', with the instance holding
 *   it, are inserted.
 * When a grant has lapsed, reserveAfterExpiry writes its expiry first and then reserves.
 * When the balance is short nothing is charged and a PAYMENT_REQUIRED error says how to get more.
 * Settled later by commitReservation or refundReservation (or the sweeper, if the process dies).
 */
export async function reserveCredits(db: Db, reservation: Reservation): Promise<{ balance: number }> {
  const { userId, amount } = reservation
  if (!Number.isInteger(amount) || amount <= 0)
    throw new Error('A reservation must be a positive whole number of credits')
  const [first] = await db.$queryRaw<ReserveRow[]>(reserveStatement(reservation, { unlessLapsed: true }))
  if (first?.balance != null) return { balance: first.balance }
  if (first?.lapsed) return reserveAfterExpiry(db, reservation)
  const user = await db.user.findUnique({ where: { id: userId }, select: { creditBalance: true } })
  if (!user) throw new AppError('NOT_FOUND', 'Account not found')
  throw notEnoughCredits(totalOf(reservation), user.creditBalance)
}

/** Every generation the reservation holds, the first one first. */
function idsOf(reservation: Reservation): string[] {
  return [reservation.generationId, ...(reservation.variantIds ?? [])]
}

/** What the reservation holds in all: `amount` per generation. */
function totalOf(reservation: Reservation): number {
  return reservation.amount * idsOf(reservation).length
}

/**
 * The reservation of a user holding a grant that has lapsed without its expiry entry: in one
 * transaction, the expiry under the user's row lock (expireDueGrants, the sweeper's own code), then
 * the same statement against what is left. One instant for both, since now() is the transaction's
 * start throughout. A refusal is thrown outside the transaction, so the expiry stays written and the
 * ledger explains the balance the message quotes.
 */
async function reserveAfterExpiry(db: Db, reservation: Reservation): Promise<{ balance: number }> {
  const outcome = await db.$transaction(async (tx) => {
    const [clock] = await tx.$queryRaw<{ now: Date }[]>`SELECT ${LEDGER_NOW} AS now`
    const settled = clock && (await expireDueGrants(tx, reservation.userId, clock.now))
    if (!settled) return null
    const [row] = await tx.$queryRaw<ReserveRow[]>(reserveStatement(reservation, { unlessLapsed: false }))
    return { balance: row?.balance ?? null, left: settled.balance }
  })
  if (!outcome) throw new AppError('NOT_FOUND', 'Account not found')
  if (outcome.balance === null) throw notEnoughCredits(totalOf(reservation), outcome.left)
  return { balance: outcome.balance }
}

/**
 * The ledger's clock in a reservation: the database's, in UTC as Prisma writes these `timestamp
 * without time zone` columns, and to the millisecond they keep, so the lapse test and the charge's
 * time are the same instant (a grant that lapses at that very instant is spent, not charged).
 */
const LEDGER_NOW = Prisma.sql`date_trunc('milliseconds', now() AT TIME ZONE 'UTC')`

interface ReserveRow {
  /** The balance after the charge; null when nothing was charged. */
  balance: number | null
  /** A grant had lapsed without its expiry entry (so nothing was charged). */
  lapsed: boolean
}

function reserveStatement(reservation: Reservation, { unlessLapsed }: { unlessLapsed: boolean }): Prisma.Sql {
  const { userId, amount, generation, instanceId } = reservation
  const total = totalOf(reservation)
  // The generations' ids as one JSON parameter, in order (the first keeps the earliest position).
  const ids = JSON.stringify(idsOf(reservation))
  const voice = generation.voice == null ? null : JSON.stringify(generation.voice)
  const lapsed = unlessLapsed ? holdsLapsedGrant(Prisma.sql`${userId}::uuid`, LEDGER_NOW) : Prisma.sql`false`
  return Prisma.sql`
    WITH due AS (
      SELECT ${lapsed} AS lapsed
    ), debited AS (
      UPDATE users
         SET credit_balance = credit_balance - ${total}, updated_at = now() AT TIME ZONE 'UTC'
       WHERE id = ${userId}::uuid AND credit_balance >= ${total} AND NOT (SELECT lapsed FROM due)
      RETURNING id, credit_balance
    ), held AS (
      SELECT d.id AS user_id, v.id AS generation_id
        FROM debited d CROSS JOIN jsonb_array_elements_text(${ids}::jsonb) AS v(id)
    ), charged AS (
      INSERT INTO credit_entries (id, user_id, amount, reason, reference, created_at)
      SELECT gen_random_uuid(), user_id, ${-amount}, 'generation'::"CreditReason", generation_id, ${LEDGER_NOW}
        FROM held
    ), reserved AS (
      INSERT INTO generations
             (id, user_id, tool_id, kind, input, credits, provider, model, status, instance_id, bulk_job_id,
              voice, created_at)
      SELECT generation_id::uuid, user_id, ${generation.toolId ?? null}::uuid, ${generation.kind}::"ToolKind",
             ${JSON.stringify(generation.input)}::jsonb, ${amount}, ${generation.provider}, ${generation.model ?? null},
             'reserved'::"GenerationStatus", ${instanceId ?? null}::uuid, ${generation.bulkJobId ?? null}::uuid,
             ${voice}::jsonb, ${LEDGER_NOW}
        FROM held
    )
    SELECT (SELECT credit_balance FROM debited) AS balance, (SELECT lapsed FROM due) AS lapsed`
}

/** Where a user out of credits is sent (spec: Plan page). */
export const UPGRADE_PATH = '/plan'

/** The out-of-credits message (a clear message with a link to /plan; nothing charged). */
export function notEnoughCredits(needed: number, balance: number): AppError {
  const message =
    balance <= 0
      ? `You have no credits left. Upgrade your plan at ${UPGRADE_PATH} to keep generating.`
      : `This needs ${credits(needed)} and you have ${credits(balance)} ` +
        `left. Upgrade your plan at ${UPGRADE_PATH} to keep generating.`
  return new AppError('PAYMENT_REQUIRED', message)
}

function credits(count: number): string {
  return count === 1 ? '1 credit' : `${count} credits`
}
