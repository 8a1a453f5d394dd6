import type { Prisma } from '@promptly/db/client'
import type { CreditReason } from '@promptly/db/generated/prisma/enums'

import { noTelemetry, type Telemetry } from '../telemetry/telemetry.ts'

/**
 * The credit ledger: every change of a user's credits is a CreditEntry, and the balance moves in the
 * same transaction, so the balance always equals the sum of the entries (tests check this with
 * testing/expect-ledger-matches-balance.ts). One operation per file: a generation's hold in
 * reservation/ (reserve-credits, commit-reservation, refund-reservation, reservation-sweeper), and
 * beside this one legacy-usage-charge (the legacy `/limits/decrease`), expire-due-grants (a grant's
 * unspent part at its `expiresAt`, written before any read or spend of the balance) and its
 * sweeper expire-credits, ledger.handler (`credits.ledger`, a page at a time).
 */

type Tx = Prisma.TransactionClient

export interface Grant {
  userId: string
  amount: number
  reason: CreditReason
  reference: string
  expiresAt?: Date | null
  /** When it happened; the database's clock unless a rule that counts entries by time passes its own. */
  createdAt?: Date
}

/**
 * Adds credits: one ledger entry and the balance and maximum moved in the same transaction.
 * The (user, reason, reference) unique key makes a repeated grant fail instead of paying twice.
 * The grant is reported to `telemetry` once written, inside the caller's transaction: one that then
 * rolls back (a deadlock, seldom) was counted all the same. The metric shows the rate; the ledger
 * is the record.
 */
export async function grantCredits(
  tx: Tx,
  grant: Grant,
  telemetry: Pick<Telemetry, 'creditsMoved'> = noTelemetry,
): Promise<void> {
  if (!Number.isInteger(grant.amount) || grant.amount <= 0) throw new Error('A grant must be a positive whole number')
  await tx.creditEntry.create({
    data: {
      userId: grant.userId,
      amount: grant.amount,
      reason: grant.reason,
      reference: grant.reference,
      expiresAt: grant.expiresAt ?? null,
      ...(grant.createdAt ? { createdAt: grant.createdAt } : {}),
    },
  })
  await tx.user.update({
    where: { id: grant.userId },
    data: { creditBalance: { increment: grant.amount }, creditMax: { increment: grant.amount } },
  })
  telemetry.creditsMoved('granted', grant.amount)
}
