import { randomUUID } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'

import { useLedgerTestDatabase } from '../testing/ledger-test-database.ts'
import { balanceOf, textGeneration } from '../testing/users-with-credits.ts'
import { commitReservation } from './commit-reservation.ts'
import {
  ABANDONED_GENERATION_ERROR,
  refundStaleReservations,
  staleCutoffs,
  startReservationSweeper,
} from './reservation-sweeper.ts'
import { reserveCredits } from './reserve-credits.ts'

const ledger = useLedgerTestDatabase()
const MINUTE = 60_000
const rules = { staleAfterMs: 10 * MINUTE, leaseTtlMs: 30_000 }
const cutoffsNow = () => staleCutoffs(new Date(), rules)

async function userWith(balance: number): Promise<string> {
  const userId = await ledger.user('sweep', balance)
  return userId
}

/** A reservation made `ageMs` ago, as a process that then died would have left it. */
async function reservation(userId: string, ageMs: number): Promise<string> {
  const generationId = randomUUID()
  await reserveCredits(ledger.db.prisma, { userId, amount: 1, generationId, generation: textGeneration })
  await ledger.db.prisma.generation.update({
    where: { id: generationId },
    data: { createdAt: new Date(Date.now() - ageMs) },
  })
  return generationId
}

const statusOf = async (id: string) => (await ledger.db.prisma.generation.findUniqueOrThrow({ where: { id } })).status

describe('refundStaleReservations', () => {
  it('refunds reservations older than the cut-off and leaves fresh and settled ones alone', async () => {
    const userId = await userWith(10)
    const abandoned = await reservation(userId, 30 * MINUTE)
    const running = await reservation(userId, 0)
    const finished = await reservation(userId, 30 * MINUTE)
    await commitReservation(ledger.db.prisma, finished, { output: '<p>ok</p>', latencyMs: 10 })
    expect(await balanceOf(ledger.db.prisma, userId)).toBe(7)

    expect(await refundStaleReservations(ledger.db.prisma, cutoffsNow())).toBe(1)

    expect(await statusOf(abandoned)).toBe('failed')
    expect((await ledger.db.prisma.generation.findUniqueOrThrow({ where: { id: abandoned } })).error).toBe(
      ABANDONED_GENERATION_ERROR,
    )
    expect(await statusOf(running)).toBe('reserved')
    expect(await statusOf(finished)).toBe('succeeded')
    expect(await balanceOf(ledger.db.prisma, userId)).toBe(8)
    // A second sweep finds nothing more to do.
    expect(await refundStaleReservations(ledger.db.prisma, cutoffsNow())).toBe(0)
  })
})

describe('refundStaleReservations: instance leases', () => {
  const now = new Date()
  const at = (agoMs: number) => new Date(now.getTime() - agoMs)

  async function instance(heartbeatAgoMs: number): Promise<string> {
    const id = randomUUID()
    await ledger.db.prisma.serverInstance.create({
      data: { id, startedAt: at(heartbeatAgoMs + MINUTE), heartbeatAt: at(heartbeatAgoMs) },
    })
    return id
  }

  async function heldBy(userId: string, instanceId: string): Promise<string> {
    const generationId = randomUUID()
    await reserveCredits(ledger.db.prisma, { userId, amount: 1, generationId, generation: textGeneration, instanceId })
    return generationId
  }

  it(
    'refunds at once the reservations of an instance whose ' + 'lease lapsed or whose row is gone, and forgets it',
    async () => {
      const userId = await userWith(10)
      const [dead, live] = [await instance(31_000), await instance(5_000)]
      const [ofDead, ofLive, ofVanished] = [
        await heldBy(userId, dead),
        await heldBy(userId, live),
        await heldBy(userId, randomUUID()),
      ]

      expect(await refundStaleReservations(ledger.db.prisma, staleCutoffs(now, rules))).toBe(2)
      expect([await statusOf(ofDead), await statusOf(ofLive), await statusOf(ofVanished)]).toEqual([
        'failed',
        'reserved',
        'failed',
      ])
      expect(await balanceOf(ledger.db.prisma, userId)).toBe(9)
      expect((await ledger.db.prisma.serverInstance.findMany({ select: { id: true } })).map(({ id }) => id)).toEqual([
        live,
      ])
      // Settled as the live instance would, so no later sweep in this file finds it.
      await commitReservation(ledger.db.prisma, ofLive, { output: '<p>done</p>', latencyMs: 5 })
    },
  )
})

describe('startReservationSweeper', () => {
  it('sweeps at start-up and then on its timer, logs what it refunded, and stops', async () => {
    const userId = await userWith(10)
    const leftByCrash = await reservation(userId, 30 * MINUTE)
    const log = { info: vi.fn(), error: vi.fn() }
    const stop = startReservationSweeper(ledger.db.prisma, { intervalMs: 50, ...rules, log })
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
    await refundStaleReservations(ledger.db.prisma, { olderThan: new Date(), leaseLapsedBefore: new Date() })
    expect(await balanceOf(ledger.db.prisma, userId)).toBe(10)
  })

  it('logs a failed sweep and keeps going', async () => {
    const log = { info: vi.fn(), error: vi.fn() }
    const failingDb = {
      $queryRaw: () => Promise.reject(new Error('connection lost')),
    } as unknown as typeof ledger.db.prisma
    const stop = startReservationSweeper(failingDb, { intervalMs: 20, staleAfterMs: MINUTE, leaseTtlMs: 30_000, log })
    await vi.waitFor(() => expect(log.error.mock.calls.length).toBeGreaterThanOrEqual(2), { timeout: 5_000 })
    await stop()
    expect(log.error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'Sweeping abandoned reservations failed')
  })
})
