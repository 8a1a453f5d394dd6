import { randomUUID } from 'node:crypto'
import { reserveCredits } from '@promptly/api/credits/reserve-credits'
import { ABANDONED_GENERATION_ERROR } from '@promptly/api/credits/reservation-sweeper'
import { expectLedgerMatchesBalance } from '@promptly/api/credits/testing/expect-ledger-matches-balance'
import { balanceOf, textGeneration, userWithBalance } from '@promptly/api/credits/testing/users-with-credits'
import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { staleReservationAge, startSweepingReservations } from './reservation-sweeping.ts'

let db: TestDatabase
const ai = { timeoutMs: 60_000, maxRetries: 1 }
const quietLog = { info: () => undefined, error: () => undefined }

beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(() => db.close())

async function reservationAged(userId: string, ageMs: number): Promise<string> {
  const generationId = randomUUID()
  await reserveCredits(db.prisma, { userId, amount: 1, generationId, generation: textGeneration })
  await db.prisma.generation.update({ where: { id: generationId }, data: { createdAt: new Date(Date.now() - ageMs) } })
  return generationId
}

describe('startSweepingReservations', () => {
  it('keeps the cut-off well above the longest a generation can wait on the provider', () => {
    expect(staleReservationAge(ai)).toBeGreaterThanOrEqual(2 * 60_000 * 2)
    expect(staleReservationAge({ timeoutMs: 600_000, maxRetries: 5 })).toBeGreaterThan(2 * 600_000 * 6)
  })

  it("refunds at start-up what a killed process left reserved, and leaves a live generation's reservation alone", async () => {
    const userId = await userWithBalance(db.prisma, 'crashed', 10)
    const abandoned = await reservationAged(userId, staleReservationAge(ai) + 60_000)
    const running = await reservationAged(userId, 5_000)
    expect(await balanceOf(db.prisma, userId)).toBe(8)

    const sweeper = await startSweepingReservations(db.prisma, ai, quietLog)
    try {
      expect(sweeper.refundedAtStart).toBe(1)
      expect(await db.prisma.generation.findUniqueOrThrow({ where: { id: abandoned } })).toMatchObject({ status: 'failed', error: ABANDONED_GENERATION_ERROR })
      expect((await db.prisma.generation.findUniqueOrThrow({ where: { id: running } })).status).toBe('reserved')
      expect(await balanceOf(db.prisma, userId)).toBe(9)
    } finally {
      await sweeper.stop()
    }
    // Settle the live one as its process would, so the ledger check below sees a finished state.
    await db.prisma.generation.update({ where: { id: running }, data: { status: 'succeeded', output: '<p>done</p>' } })
    await expectLedgerMatchesBalance(db.prisma, userId)
  })
})
