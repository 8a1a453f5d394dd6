import type { TestDatabase } from '@promptly/db/testing/test-database'

import type { SignedInUser } from '../../context.ts'
import { useLedgerTestDatabase } from '../../credits/testing/ledger-test-database.ts'
import { createCaller } from '../../root.ts'
import { testContext, type TestContextOptions } from '../../testing/test-caller.ts'

export interface CallerOptions extends TestContextOptions {
  /** What tRPC passes a procedure as the request's signal (the client going away aborts it). */
  signal?: AbortSignal
}

export interface GenerationTestDatabase {
  /** The file's database (available from beforeAll on). */
  readonly db: TestDatabase
  /** A new verified account holding `balance` credits; its ledger is checked against its balance after each test. */
  account(name: string, balance?: number): Promise<SignedInUser>
  /** The whole router called in-process as `user` (null: signed out). */
  caller(user: SignedInUser | null, options?: CallerOptions): ReturnType<typeof createCaller>
}

/**
 * The generation procedures' test frame: one database per file, accounts whose ledger must match
 * their balance after every test, and the tRPC caller with a chosen (fake) AI provider and signal.
 */
export function useGenerationTestDatabase(): GenerationTestDatabase {
  const ledger = useLedgerTestDatabase()
  return {
    get db() {
      return ledger.db
    },
    async account(name, balance = 30) {
      const id = await ledger.user(name, balance)
      return { ...(await ledger.db.prisma.user.findUniqueOrThrow({ where: { id } })), isAdmin: false }
    },
    caller(user, { signal, ...options } = {}) {
      return createCaller(testContext(ledger.db.prisma, user, options), signal ? { signal } : {})
    },
  }
}
