import { AppError } from '@promptly/core/errors/app-error'
import type { Db, Prisma } from '@promptly/db/client'
import type { ToolKind } from '@promptly/db/generated/prisma/enums'

/** What is being generated: saved with the reservation, so history and the sweeper can find it. */
export interface GenerationDraft {
  kind: ToolKind
  toolId?: string | null
  /** The values the user sent (history shows and re-runs them). */
  input: Prisma.InputJsonValue
  /** Which AI provider and model answer it ('openai-compatible' or 'local'). */
  provider: string
  model?: string | null
}

export interface Reservation {
  userId: string
  /** Credits to hold, from the cost table (packages/core/src/credits/costs.ts). */
  amount: number
  /** Chosen by the caller before reserving, so the ledger entry can name it. */
  generationId: string
  generation: GenerationDraft
  /**
   * The server instance holding the reservation (its ServerInstance lease): if the instance dies,
   * the sweeper refunds it as soon as the lease lapses. Absent: only the age rule applies.
   */
  instanceId?: string | null
}

/**
 * Holds the cost of a generation before the provider is called. One SQL statement, so one
 * round trip on the hot path and atomic without an explicit transaction:
 * - the balance goes down only if it covers the amount (a conditional UPDATE: under concurrency
 *   PostgreSQL re-checks the condition after waiting for the row lock, so the balance can never go
 *   below zero);
 * - for the row it updated, and only then, a 'generation' ledger entry (negative amount, reference =
 *   generation id) and the Generation row, status 'reserved', with the instance holding it, are inserted.
 * When the balance is short nothing changes and a PAYMENT_REQUIRED error says how to get more.
 * Settled later by commitReservation or refundReservation (or the sweeper, if the process dies).
 */
export async function reserveCredits(db: Db, reservation: Reservation): Promise<{ balance: number }> {
  const { userId, amount, generationId, generation, instanceId } = reservation
  if (!Number.isInteger(amount) || amount <= 0)
    throw new Error('A reservation must be a positive whole number of credits')
  // Timestamps in UTC, as Prisma writes them into these `timestamp without time zone` columns.
  const rows = await db.$queryRaw<Array<{ credit_balance: number }>>`
    WITH debited AS (
      UPDATE users
         SET credit_balance = credit_balance - ${amount}, updated_at = now() AT TIME ZONE 'UTC'
       WHERE id = ${userId}::uuid AND credit_balance >= ${amount}
      RETURNING id, credit_balance
    ), charged AS (
      INSERT INTO credit_entries (id, user_id, amount, reason, reference, created_at)
      SELECT gen_random_uuid(), id, ${-amount}, 'generation'::"CreditReason", ${generationId}, now() AT TIME ZONE 'UTC'
        FROM debited
    ), reserved AS (
      INSERT INTO generations
             (id, user_id, tool_id, kind, input, credits, provider, model, status, instance_id, created_at)
      SELECT ${generationId}::uuid, id, ${generation.toolId ?? null}::uuid, ${generation.kind}::"ToolKind",
             ${JSON.stringify(generation.input)}::jsonb, ${amount}, ${generation.provider}, ${generation.model ?? null},
             'reserved'::"GenerationStatus", ${instanceId ?? null}::uuid, now() AT TIME ZONE 'UTC'
        FROM debited
    )
    SELECT credit_balance FROM debited`
  const debited = rows[0]
  if (debited) return { balance: debited.credit_balance }
  const user = await db.user.findUnique({ where: { id: userId }, select: { creditBalance: true } })
  if (!user) throw new AppError('NOT_FOUND', 'Account not found')
  throw notEnoughCredits(amount, user.creditBalance)
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
