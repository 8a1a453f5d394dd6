import { randomUUID } from 'node:crypto'
import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { commitReservation } from './commit-reservation.ts'
import { ABANDONED_GENERATION_ERROR, refundStaleReservations, startReservationSweeper } from './reservation-sweeper.ts'
import { reserveCredits } from './reserve-credits.ts'
import { expectLedgerMatchesBalance } from './testing/expect-ledger-matches-balance.ts'
import { balanceOf, textGeneration, userWithBalance } from './testing/users-with-credits.ts'

let db: TestDatabase
const touched = new Set<string>()
const MINUTE = 60_000

beforeAll(async () => {
  db = await createTestDatabase()
})
afterEach(async () => {
  for (const userId of touched) await expectLedgerMatchesBalance(db.prisma, userId)
  touched.clear()
})
afterAll(() => db.close())

async function userWith(balance: number): Promise<string> {
  const userId = await userWithBalance(db.prisma, 'sweep', balance)
  touched.add(userId)
  return userId
}

/** A reservation made `ageMs` ago, as a process that then died would have left it. */
async function reservation(userId: string, ageMs: number): Promise<string> {
  const generationId = randomUUID()
  await reserveCredits(db.prisma, { userId, amount: 1, generationId, generation: textGeneration })
  await db.prisma.generation.update({ where: { id: generationId }, data: { createdAt: new Date(Date.now() - ageMs) } })
  return generationId
}

const statusOf = async (id: string) => (await db.prisma.generation.findUniqueOrThrow({ where: { id } })).status

describe('refundStaleReservations', () => {
  it('refunds reservations older than the cut-off and leaves fresh and settled ones alone', async () => {
    const userId = await userWith(10)
    const abandoned = await reservation(userId, 30 * MINUTE)
    const running = await reservation(userId, 0)
    const finished = await reservation(userId, 30 * MINUTE)
    await commitReservation(db.prisma, finished, { output: '<p>ok</p>', latencyMs: 10 })
    expect(await balanceOf(db.prisma, userId)).toBe(7)

    expect(await refundStaleReservations(db.prisma, { olderThan: new Date(Date.now() - 10 * MINUTE) })).toBe(1)

    expect(await statusOf(abandoned)).toBe('failed')
    expect((await db.prisma.generation.findUniqueOrThrow({ where: { id: abandoned } })).error).toBe(ABANDONED_GENERATION_ERROR)
    expect(await statusOf(running)).toBe('reserved')
    expect(await statusOf(finished)).toBe('succeeded')
    expect(await balanceOf(db.prisma, userId)).toBe(8)
    // A second sweep finds nothing more to do.
    expect(await refundStaleReservations(db.prisma, { olderThan: new Date(Date.now() - 10 * MINUTE) })).toBe(0)
  })
})

describe('startReservationSweeper', () => {
  it('sweeps at start-up and then on its timer, logs what it refunded, and stops', async () => {
    const userId = await userWith(10)
    const leftByCrash = await reservation(userId, 30 * MINUTE)
    const log = { info: vi.fn(), error: vi.fn() }
    const stop = startReservationSweeper(db.prisma, { intervalMs: 50, staleAfterMs: 10 * MINUTE, log })
    try {
      await vi.waitFor(async () => expect(await statusOf(leftByCrash)).toBe('failed'), { timeout: 10_000 })
      const laterCrash = await reservation(userId, 30 * MINUTE)
      await vi.waitFor(async () => expect(await statusOf(laterCrash)).toBe('failed'), { timeout: 10_000 })
      expect(log.info).toHaveBeenCalledWith({ refunded: 1 }, 'Refunded abandoned generation reservations')
      expect(log.error).not.toHaveBeenCalled()
    } finally {
      await stop()
    }
    const afterStop = await reservation(userId, 30 * MINUTE)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await statusOf(afterStop)).toBe('reserved')
    await refundStaleReservations(db.prisma, { olderThan: new Date() })
    expect(await balanceOf(db.prisma, userId)).toBe(10)
  })

  it('logs a failed sweep and keeps going', async () => {
    const log = { info: vi.fn(), error: vi.fn() }
    const failingDb = { generation: { findMany: () => Promise.reject(new Error('connection lost')) } } as unknown as typeof db.prisma
    const stop = startReservationSweeper(failingDb, { intervalMs: 20, staleAfterMs: MINUTE, log })
    await vi.waitFor(() => expect(log.error.mock.calls.length).toBeGreaterThanOrEqual(2), { timeout: 5_000 })
    await stop()
    expect(log.error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'Sweeping abandoned reservations failed')
  })
})
