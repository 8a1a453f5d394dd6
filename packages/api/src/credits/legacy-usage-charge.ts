import { AppError } from '@promptly/core/errors/app-error'
import type { Db } from '@promptly/db/client'
import { isUniqueViolation } from '@promptly/db/unique-violation'

import { expireDueGrants, settleLapsedGrants } from './expire-due-grants.ts'

/** What one report of usage the server did not see costs (spec: /limits/decrease decrements by one). */
export const USAGE_CHARGE = 1

export type UsageCharge =
  | { charged: true; balance: number }
  | { charged: false; balance: number; reason: 'no_credits' | 'already_charged'; message: string }

/**
 * The legacy `POST /limits/decrease`: the old client reports a transcription or speech it ran on its
 * own, and one credit is taken. Never below zero: with no credits left nothing is charged and the
 * answer says so. `reference` names the usage (one charge per reference, by the ledger's unique key).
 * Grants that have lapsed are expired first, under the user's row lock (expireDueGrants), so a lapsed
 * grant's credits are never spent, whether or not the sweeper has run; the lock is held to the end,
 * so the balance it leaves is the one charged, and the entry carries the same instant.
 */
export async function chargeLegacyUsage(db: Db, userId: string, reference: string): Promise<UsageCharge> {
  const now = new Date()
  try {
    return await db.$transaction(async (tx) => {
      const settled = await expireDueGrants(tx, userId, now)
      if (!settled) throw new AppError('NOT_FOUND', 'Account not found')
      if (settled.balance < USAGE_CHARGE) {
        return {
          charged: false,
          balance: settled.balance,
          reason: 'no_credits',
          message: 'No credits left: nothing was charged.',
        } as const
      }
      await tx.creditEntry.create({
        data: { userId, amount: -USAGE_CHARGE, reason: 'usage', reference, createdAt: now },
      })
      const balance = settled.balance - USAGE_CHARGE
      await tx.user.update({ where: { id: userId }, data: { creditBalance: balance } })
      return { charged: true, balance } as const
    })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    // The whole transaction rolled back, the expiry it wrote too: write that again before reading.
    await settleLapsedGrants(db, userId, now)
    const { creditBalance } = await db.user.findUniqueOrThrow({
      where: { id: userId },
      select: { creditBalance: true },
    })
    return {
      charged: false,
      balance: creditBalance,
      reason: 'already_charged',
      message: 'This usage was already charged.',
    }
  }
}
