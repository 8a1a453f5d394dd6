import { afterAll, beforeAll } from 'vitest'

import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import type { SignedInUser } from '../../context.ts'
import { callerFor, createTestUser } from '../../testing/test-caller.ts'

export interface ApiKeyTestFrame {
  readonly db: TestDatabase
  /** A fresh user per call, so each test starts with no keys. */
  newUser(name?: string): Promise<SignedInUser>
  caller(user: SignedInUser): ReturnType<typeof callerFor>
}

/** A fresh database for the suite that calls it, opened in beforeAll and closed in afterAll. */
export function useApiKeyTestDatabase(): ApiKeyTestFrame {
  let db: TestDatabase | undefined
  beforeAll(async () => {
    db = await createTestDatabase()
  })
  afterAll(() => db?.close())
  const current = () => {
    if (!db) throw new Error('useApiKeyTestDatabase: the database opens in beforeAll')
    return db
  }
  return {
    get db() {
      return current()
    },
    newUser: (name = 'Ada') => createTestUser(current().prisma, name),
    caller: (user) => callerFor(current().prisma, user),
  }
}
