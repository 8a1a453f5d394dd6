import { afterEach, describe, expect, it } from 'vitest'

import { postgresLeadership, type Leadership } from './advisory-leadership.ts'
import { createTestDatabase } from './testing/test-database.ts'

const silent = { info: () => undefined, warn: () => undefined }
const opened: Leadership[] = []
/** A key of this test's own, so parallel test files on the same server never share the lock. */
const lockKey = 2_000_000_000 + Math.floor(Math.random() * 100_000_000)

afterEach(async () => {
  await Promise.all(opened.splice(0).map((leadership) => leadership.close()))
})

describe.runIf(process.env.TEST_DB === 'postgres')('leading the sweepers on PostgreSQL', () => {
  it('gives the lead to one of several instances, and to another once it is given up', async () => {
    const db = await createTestDatabase()
    try {
      const url = db.url!
      const instances = [0, 1, 2].map(() => postgresLeadership(url, lockKey, silent))
      opened.push(...instances)
      const first = await Promise.all(instances.map((instance) => instance.leads()))
      expect(first.filter(Boolean)).toHaveLength(1)
      // The leader keeps the lead on every later tick; the others keep being refused.
      expect(await Promise.all(instances.map((instance) => instance.leads()))).toEqual(first)

      const leader = instances[first.indexOf(true)]!
      await leader.close()
      const rest = instances.filter((instance) => instance !== leader)
      const next = await Promise.all(rest.map((instance) => instance.leads()))
      expect(next.filter(Boolean)).toHaveLength(1)
    } finally {
      await db.close()
    }
  })

  it("answers one instance's sweepers asking at the same moment alike, and keeps leading", async () => {
    // Every sweeper of an instance asks at start-up, in the same tick: the asks must share one session.
    // Answered apart, the first took the lock on a session of its own and the last, refused on another,
    // said no: the instance held the lock and never swept, and no other instance could take over.
    const db = await createTestDatabase()
    try {
      const leadership = postgresLeadership(db.url!, lockKey, silent)
      const other = postgresLeadership(db.url!, lockKey, silent)
      opened.push(leadership, other)
      expect(await Promise.all([leadership.leads(), leadership.leads(), leadership.leads()])).toEqual([
        true,
        true,
        true,
      ])
      expect(await leadership.leads()).toBe(true)
      expect(await other.leads()).toBe(false)
      // Given up, the lead goes to the other at once: no session of the first is left holding it.
      await leadership.close()
      expect(await other.leads()).toBe(true)
    } finally {
      await db.close()
    }
  })
})
