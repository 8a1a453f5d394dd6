import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import { takeInstanceLease } from './instance-lease.ts'

let db: TestDatabase
const quietLog = { info: () => undefined, error: () => undefined }

beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(() => db.close())

const rowOf = (id: string) => db.prisma.serverInstance.findUnique({ where: { id } })

describe('takeInstanceLease', () => {
  it('registers a random instance id, renews its heartbeat by the clock, and deletes the row on release', async () => {
    let clock = new Date('2026-11-25T12:00:00.000Z')
    const lease = await takeInstanceLease(db.prisma, { log: quietLog, now: () => clock })
    const other = await takeInstanceLease(db.prisma, { log: quietLog, now: () => clock })
    try {
      expect(lease.id).toMatch(/^[0-9a-f-]{36}$/)
      expect(lease.id).not.toBe(other.id)
      expect(await rowOf(lease.id)).toEqual({ id: lease.id, startedAt: clock, heartbeatAt: clock })

      const started = clock
      clock = new Date(clock.getTime() + 10_000)
      await lease.renew()
      expect(await rowOf(lease.id)).toEqual({ id: lease.id, startedAt: started, heartbeatAt: clock })
    } finally {
      await lease.release()
      await other.release()
    }
    expect(await rowOf(lease.id)).toBeNull()
    expect(await db.prisma.serverInstance.count()).toBe(0)
  })

  it('starts again when a sweeper took it for dead and forgot its row', async () => {
    const lease = await takeInstanceLease(db.prisma, { log: quietLog })
    try {
      await db.prisma.serverInstance.delete({ where: { id: lease.id } })
      await lease.renew()
      expect(await rowOf(lease.id)).not.toBeNull()
    } finally {
      await lease.release()
    }
  })
})
