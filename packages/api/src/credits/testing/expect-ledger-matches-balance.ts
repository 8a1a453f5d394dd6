import { expect } from 'vitest'

import type { Db } from '@promptly/db/client'

/**
 * The ledger's invariant: a user's balance is exactly the sum of their ledger entries,
 * and never negative. Integration tests call it after every test for every user they touched.
 */
export async function expectLedgerMatchesBalance(db: Db, userId: string): Promise<void> {
  const [user, sum] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { creditBalance: true } }),
    db.creditEntry.aggregate({ where: { userId }, _sum: { amount: true } }),
  ])
  expect(user.creditBalance, 'credit balance = sum of ledger entries').toBe(sum._sum.amount ?? 0)
  expect(user.creditBalance, 'credit balance is never negative').toBeGreaterThanOrEqual(0)
}
