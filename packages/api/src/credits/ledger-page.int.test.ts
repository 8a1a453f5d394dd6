import { randomUUID } from 'node:crypto'
import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { chargeUsage } from './charge-usage.ts'
import { ledgerPage } from './ledger-page.ts'
import { expectLedgerMatchesBalance } from './testing/expect-ledger-matches-balance.ts'
import { userWithBalance } from './testing/users-with-credits.ts'

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

describe('ledgerPage', () => {
  it("pages through a user's entries newest first, without gaps or repeats, and never shows another user's", async () => {
    const ada = await userWithBalance(db.prisma, 'ada', 30)
    const bob = await userWithBalance(db.prisma, 'bob', 30)
    touched.add(ada).add(bob)
    for (let i = 0; i < 6; i += 1) await chargeUsage(db.prisma, ada, `usage-${i}`)
    await chargeUsage(db.prisma, bob, 'bob-usage')

    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const page = await ledgerPage(db.prisma, ada, { cursor, limit: 3 })
      seen.push(...page.entries.map((entry) => entry.reference))
      cursor = page.nextCursor
      pages += 1
    } while (cursor)

    expect(pages).toBe(3)
    expect(seen).toEqual(['usage-5', 'usage-4', 'usage-3', 'usage-2', 'usage-1', 'usage-0', ada])
    const first = await ledgerPage(db.prisma, ada)
    expect(first.entries[0]).toMatchObject({ amount: -1, reason: 'usage', reference: 'usage-5', expiresAt: null })
    expect(first.entries.at(-1)).toMatchObject({ amount: 30, reason: 'trial' })
    expect(first.nextCursor).toBeNull()
  })

  it('refuses a malformed cursor or limit', async () => {
    const userId = randomUUID()
    await expect(ledgerPage(db.prisma, userId, { cursor: 'nope' })).rejects.toThrow()
    await expect(ledgerPage(db.prisma, userId, { limit: 1000 })).rejects.toThrow()
  })
})
