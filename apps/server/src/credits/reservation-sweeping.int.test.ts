import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ABANDONED_GENERATION_ERROR } from '@promptly/api/credits/reservation/reservation-sweeper'
import { reserveCredits } from '@promptly/api/credits/reservation/reserve-credits'
import { expectLedgerMatchesBalance } from '@promptly/api/credits/testing/expect-ledger-matches-balance'
import { balanceOf, textGeneration, userWithBalance } from '@promptly/api/credits/testing/users-with-credits'
import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import { LEASE_RENEW_INTERVAL_MS, LEASE_TTL_MS, takeInstanceLease } from '../instances/instance-lease.ts'
import {
  RESERVATION_SWEEP_INTERVAL_MS,
  staleReservationAge,
  startSweepingReservations,
} from './reservation-sweeping.ts'

let db: TestDatabase
const ai = { timeoutMs: 60_000, maxRetries: 1 }
const quietLog = { info: () => undefined, error: () => undefined }

beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(() => db.close())

async function reserve(userId: string, instanceId: string | null = null): Promise<string> {
  const generationId = randomUUID()
  await reserveCredits(db.prisma, { userId, amount: 1, generationId, generation: textGeneration, instanceId })
  return generationId
}

async function reservationAged(userId: string, ageMs: number): Promise<string> {
  const generationId = await reserve(userId)
  await db.prisma.generation.update({ where: { id: generationId }, data: { createdAt: new Date(Date.now() - ageMs) } })
  return generationId
}

const generation = (id: string) => db.prisma.generation.findUniqueOrThrow({ where: { id } })

/** Settles the live ones as their process would, so the ledger check sees a finished state. */
async function settle(...ids: string[]): Promise<void> {
  await db.prisma.generation.updateMany({
    where: { id: { in: ids } },
    data: { status: 'succeeded', output: '<p>done</p>' },
  })
}

describe('startSweepingReservations', () => {
  it('keeps the age cut-off well above the longest a generation can wait on the provider', () => {
    expect(staleReservationAge(ai)).toBeGreaterThanOrEqual(2 * 60_000 * 2)
    expect(staleReservationAge({ timeoutMs: 600_000, maxRetries: 5 })).toBeGreaterThan(2 * 600_000 * 6)
  })

  it("hands a dead instance's reservations back within a minute of its last heartbeat", () => {
    expect(LEASE_TTL_MS).toBeGreaterThanOrEqual(3 * LEASE_RENEW_INTERVAL_MS)
    expect(LEASE_TTL_MS + RESERVATION_SWEEP_INTERVAL_MS).toBeLessThan(60_000)
  })

  it(
    'refunds at start-up what a killed process left reserved, ' + "and leaves a live generation's reservation alone",
    async () => {
      const userId = await userWithBalance(db.prisma, 'crashed', 10)
      const abandoned = await reservationAged(userId, staleReservationAge(ai) + 60_000)
      const running = await reservationAged(userId, 5_000)
      expect(await balanceOf(db.prisma, userId)).toBe(8)

      const sweeper = await startSweepingReservations(db.prisma, ai, quietLog)
      try {
        expect(sweeper.refundedAtStart).toBe(1)
        expect(await generation(abandoned)).toMatchObject({ status: 'failed', error: ABANDONED_GENERATION_ERROR })
        expect((await generation(running)).status).toBe('reserved')
        expect(await balanceOf(db.prisma, userId)).toBe(9)
      } finally {
        await sweeper.stop()
      }
      await settle(running)
      await expectLedgerMatchesBalance(db.prisma, userId)
    },
  )

  it("instance B's next sweep refunds what instance A held when A died, and leaves B's own alone", async () => {
    let clock = new Date()
    const now = () => clock
    const userId = await userWithBalance(db.prisma, 'two-instances', 10)
    // Instance A reserves and then crashes: its last heartbeat was now and none follows, only its row is left.
    const a = randomUUID()
    await db.prisma.serverInstance.create({ data: { id: a, startedAt: clock, heartbeatAt: clock } })
    const b = await takeInstanceLease(db.prisma, { log: quietLog, now })
    const sweeperB = await startSweepingReservations(db.prisma, ai, quietLog, { now })
    try {
      const [heldByA, heldByB] = [await reserve(userId, a), await reserve(userId, b.id)]

      // Its lease has not lapsed yet: nothing moves.
      clock = new Date(clock.getTime() + LEASE_TTL_MS - 1_000)
      await b.renew()
      expect(await sweeperB.sweepOnce()).toBe(0)
      expect((await generation(heldByA)).status).toBe('reserved')

      // Past LEASE_TTL_MS since A's last heartbeat, B (renewing as its timer does) refunds A's on its next run.
      clock = new Date(clock.getTime() + 1_001)
      await b.renew()
      expect(await sweeperB.sweepOnce()).toBe(1)
      expect(await generation(heldByA)).toMatchObject({ status: 'failed', error: ABANDONED_GENERATION_ERROR })
      expect((await generation(heldByB)).status).toBe('reserved')
      expect(await balanceOf(db.prisma, userId)).toBe(9)
      expect(await db.prisma.serverInstance.findUnique({ where: { id: a } })).toBeNull()
      await settle(heldByB)
    } finally {
      await sweeperB.stop()
      await b.release()
    }
    await expectLedgerMatchesBalance(db.prisma, userId)
  })
})
