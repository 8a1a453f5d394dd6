import { afterAll, afterEach, beforeAll } from 'vitest'

import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import { expectLedgerMatchesBalance } from './expect-ledger-matches-balance.ts'
import { userWithBalance } from './users-with-credits.ts'

export interface LedgerTestDatabase {
  /** The file's database (available from beforeAll on). */
  readonly db: TestDatabase
  /** A new account brought down to `balance`; its ledger is checked against its balance after the test. */
  user(name: string, balance: number): Promise<string>
  /** Checks this account's ledger after the test too (for accounts made another way). */
  track(userId: string): void
}

/**
 * The credit tests' common frame: one database per file, and after every test the ledger invariant
 * (balance = sum of entries, never negative) for every account the test touched.
 */
export function useLedgerTestDatabase(): LedgerTestDatabase {
  let database: TestDatabase | undefined
  const touched = new Set<string>()
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterEach(async () => {
    for (const userId of touched) await expectLedgerMatchesBalance(frame.db.prisma, userId)
    touched.clear()
  })
  afterAll(() => database?.close())
  const frame: LedgerTestDatabase = {
    get db() {
      if (!database) throw new Error('useLedgerTestDatabase: the database opens in beforeAll')
      return database
    },
    async user(name, balance) {
      const userId = await userWithBalance(frame.db.prisma, name, balance)
      touched.add(userId)
      return userId
    },
    track(userId) {
      touched.add(userId)
    },
  }
  return frame
}
