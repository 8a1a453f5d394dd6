import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'

import { chargeLegacyUsage } from './legacy-usage-charge.ts'
import { useLedgerTestDatabase } from './testing/ledger-test-database.ts'
import { balanceOf } from './testing/users-with-credits.ts'

const ledger = useLedgerTestDatabase()

async function user(balance: number): Promise<string> {
  const userId = await ledger.user('usage', balance)
  return userId
}

describe('chargeLegacyUsage (legacy /limits/decrease)', () => {
  it('charges one credit with a usage entry', async () => {
    const userId = await user(3)
    const reference = randomUUID()
    expect(await chargeLegacyUsage(ledger.db.prisma, userId, reference)).toEqual({ charged: true, balance: 2 })
    expect(await ledger.db.prisma.creditEntry.findFirstOrThrow({ where: { userId, reason: 'usage' } })).toMatchObject({
      amount: -1,
      reference,
    })
  })

  it('never goes below zero: at 0 it charges nothing and says so', async () => {
    const userId = await user(0)
    expect(await chargeLegacyUsage(ledger.db.prisma, userId, randomUUID())).toEqual({
      charged: false,
      balance: 0,
      reason: 'no_credits',
      message: 'No credits left: nothing was charged.',
    })
    expect(await balanceOf(ledger.db.prisma, userId)).toBe(0)
    expect(await ledger.db.prisma.creditEntry.count({ where: { userId, reason: 'usage' } })).toBe(0)
  })

  it('stops at zero when decreases race', async () => {
    const userId = await user(2)
    const results = await Promise.all(
      Array.from({ length: 6 }, () => chargeLegacyUsage(ledger.db.prisma, userId, randomUUID())),
    )
    expect(results.filter((result) => result.charged)).toHaveLength(2)
    expect(await balanceOf(ledger.db.prisma, userId)).toBe(0)
  })

  it('charges a reference once', async () => {
    const userId = await user(5)
    const reference = randomUUID()
    await chargeLegacyUsage(ledger.db.prisma, userId, reference)
    expect(await chargeLegacyUsage(ledger.db.prisma, userId, reference)).toMatchObject({
      charged: false,
      balance: 4,
      reason: 'already_charged',
    })
    expect(await balanceOf(ledger.db.prisma, userId)).toBe(4)
  })
})
