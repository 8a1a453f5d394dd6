import type { Db } from '@promptly/db/client'
import { isUniqueViolation } from '@promptly/db/unique-violation'

/** What one report of usage the server did not see costs (spec: /limits/decrease decrements by one). */
export const USAGE_CHARGE = 1

export type UsageCharge =
  | { charged: true; balance: number }
  | { charged: false; balance: number; reason: 'no_credits' | 'already_charged'; message: string }

/**
 * The legacy `POST /limits/decrease`: the old client reports a transcription or speech it ran on its
 * own, and one credit is taken. Never below zero: with no credits left nothing is charged and the
 * answer says so. `reference` names the usage (one charge per reference, by the ledger's unique key).
 */
export async function chargeUsage(db: Db, userId: string, reference: string): Promise<UsageCharge> {
  try {
    return await db.$transaction(async (tx) => {
      const debited = await tx.user.updateMany({
        where: { id: userId, creditBalance: { gte: USAGE_CHARGE } },
        data: { creditBalance: { decrement: USAGE_CHARGE } },
      })
      const { creditBalance } = await tx.user.findUniqueOrThrow({
        where: { id: userId },
        select: { creditBalance: true },
      })
      if (debited.count === 0) {
        return {
          charged: false,
          balance: creditBalance,
          reason: 'no_credits',
          message: 'No credits left: nothing was charged.',
        } as const
      }
      await tx.creditEntry.create({ data: { userId, amount: -USAGE_CHARGE, reason: 'usage', reference } })
      return { charged: true, balance: creditBalance } as const
    })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    // The whole transaction rolled back: the balance is as it was before this call.
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
