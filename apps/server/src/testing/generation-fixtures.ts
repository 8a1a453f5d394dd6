import { randomUUID } from 'node:crypto'

import { commitReservation } from '@promptly/api/credits/reservation/commit-reservation'
import { reserveCredits } from '@promptly/api/credits/reservation/reserve-credits'
import type { Db } from '@promptly/db/client'

/**
 * Brings an account's balance down to `balance` through the ledger, as real use would (one
 * committed generation), so expectLedgerMatchesBalance still holds.
 */
export async function spendDownTo(db: Db, userId: string, balance: number): Promise<void> {
  const { creditBalance } = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { creditBalance: true } })
  const spend = creditBalance - balance
  if (spend < 0) throw new Error(`spendDownTo: the account has only ${creditBalance} credits`)
  if (spend === 0) return
  const generationId = randomUUID()
  await reserveCredits(db, {
    userId,
    amount: spend,
    generationId,
    generation: { kind: 'generic', input: { groups: [] }, provider: 'test' },
  })
  await commitReservation(db, generationId, { output: '<p>earlier work</p>', latencyMs: 1 })
}
