import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { openDatabase, type Database } from './client.ts'
import { createTestDatabase, type TestDatabase } from './testing/test-database.ts'

const LOCK_KEY = 4242

// One database for these tests (each uses its own table): a clone per test would triple the time.
describe('RawSql', () => {
  let db: TestDatabase
  /** Another handle on the same database: a second pool on PostgreSQL, the same instance on PGlite. */
  let second: Database

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false })
    second = db.url ? await openDatabase({ url: db.url }) : db
  })

  afterAll(async () => {
    if (second !== db) await second.close()
    await db.close()
  })

  it('withLock lets one holder in at a time, across handles', async () => {
    const events: string[] = []
    // The second caller starts only once the first holds the lock, so the order does not depend on
    // how fast a pool opens its first connection on a loaded machine.
    let firstEntered!: () => void
    const entered = new Promise<void>((resolve) => (firstEntered = resolve))

    await Promise.all([
      db.raw.withLock(LOCK_KEY, async () => {
        events.push('first in')
        firstEntered()
        await sleep(200)
        events.push('first out')
      }),
      entered.then(() =>
        second.raw.withLock(LOCK_KEY, async () => {
          events.push('second in')
          events.push('second out')
        }),
      ),
    ])

    expect(events).toEqual(['first in', 'first out', 'second in', 'second out'])
  })

  it('withLock releases the lock when the work throws', async () => {
    await expect(db.raw.withLock(LOCK_KEY, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    await expect(db.raw.withLock(LOCK_KEY, async () => 'next')).resolves.toBe('next')
  })

  it('transaction commits what its work did', async () => {
    await db.raw.exec('CREATE TABLE "committed_notes" ("body" TEXT)')

    await db.raw.transaction(async (tx) => {
      await tx.exec(`INSERT INTO "committed_notes" VALUES ('one')`)
      await tx.query('INSERT INTO "committed_notes" VALUES ($1)', ['two'])
    })

    expect(await db.raw.query('SELECT body FROM "committed_notes" ORDER BY body')).toEqual([
      { body: 'one' },
      { body: 'two' },
    ])
  })

  it('transaction rolls everything back when its work fails, and the connections stay usable', async () => {
    await db.raw.exec('CREATE TABLE "rolled_back_notes" ("body" TEXT)')

    const failing = db.raw.transaction(async (tx) => {
      await tx.exec(`INSERT INTO "rolled_back_notes" VALUES ('kept?')`)
      await tx.exec('SELECT 1 / 0')
    })

    await expect(failing).rejects.toThrow(/division by zero/)
    // More queries than the pool has connections: none is left inside the aborted transaction.
    for (let i = 0; i < 12; i++)
      expect(await db.raw.query('SELECT count(*)::int AS n FROM "rolled_back_notes"')).toEqual([{ n: 0 }])
  })
})
