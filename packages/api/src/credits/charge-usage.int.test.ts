import { randomUUID } from 'node:crypto'
import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { chargeUsage } from './charge-usage.ts'
import { expectLedgerMatchesBalance } from './testing/expect-ledger-matches-balance.ts'
import { balanceOf, userWithBalance } from './testing/users-with-credits.ts'

let db: TestDatabase
const touched = new Set<string>()

beforeAll(async () => {
  db = await createTestDatabase()
})
afterEach(async () => {
  for (const userId of touched) await expectLedgerMatchesBalance(db.prisma, userId)
  touched.clear()
})
afterAll(() => db.close())

async function user(balance: number): Promise<string> {
  const userId = await userWithBalance(db.prisma, 'usage', balance)
  touched.add(userId)
  return userId
}

describe('chargeUsage (legacy /limits/decrease)', () => {
  it('charges one credit with a usage entry', async () => {
    const userId = await user(3)
    const reference = randomUUID()
    expect(await chargeUsage(db.prisma, userId, reference)).toEqual({ charged: true, balance: 2 })
    expect(await db.prisma.creditEntry.findFirstOrThrow({ where: { userId, reason: 'usage' } })).toMatchObject({ amount: -1, reference })
  })

  it('never goes below zero: at 0 it charges nothing and says so', async () => {
    const userId = await user(0)
    expect(await chargeUsage(db.prisma, userId, randomUUID())).toEqual({
      charged: false,
      balance: 0,
      reason: 'no_credits',
      message: 'No credits left: nothing was charged.',
    })
    expect(await balanceOf(db.prisma, userId)).toBe(0)
    expect(await db.prisma.creditEntry.count({ where: { userId, reason: 'usage' } })).toBe(0)
  })

  it('stops at zero when decreases race', async () => {
    const userId = await user(2)
    const results = await Promise.all(Array.from({ length: 6 }, () => chargeUsage(db.prisma, userId, randomUUID())))
    expect(results.filter((result) => result.charged)).toHaveLength(2)
    expect(await balanceOf(db.prisma, userId)).toBe(0)
  })

  it('charges a reference once', async () => {
    const userId = await user(5)
    const reference = randomUUID()
    await chargeUsage(db.prisma, userId, reference)
    expect(await chargeUsage(db.prisma, userId, reference)).toMatchObject({ charged: false, balance: 4, reason: 'already_charged' })
    expect(await balanceOf(db.prisma, userId)).toBe(4)
  })
})
