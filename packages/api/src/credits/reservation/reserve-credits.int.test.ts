import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'

import { AppError } from '@promptly/core/errors/app-error'

import { useLedgerTestDatabase } from '../testing/ledger-test-database.ts'
import { balanceOf, textGeneration } from '../testing/users-with-credits.ts'
import { reserveCredits } from './reserve-credits.ts'

const ledger = useLedgerTestDatabase()

async function user(name: string, balance: number): Promise<string> {
  const id = await ledger.user(name, balance)
  return id
}

describe('reserveCredits', () => {
  it('takes the amount from the balance, records a generation entry and a reserved Generation, in one go', async () => {
    const userId = await user('ada', 30)
    const generationId = randomUUID()
    const { balance } = await reserveCredits(ledger.db.prisma, {
      userId,
      amount: 3,
      generationId,
      generation: { ...textGeneration, model: 'gpt-4o-mini' },
    })
    expect(balance).toBe(27)
    expect(await balanceOf(ledger.db.prisma, userId)).toBe(27)
    const entry = await ledger.db.prisma.creditEntry.findFirstOrThrow({ where: { userId, reference: generationId } })
    expect(entry).toMatchObject({ amount: -3, reason: 'generation' })
    const generation = await ledger.db.prisma.generation.findUniqueOrThrow({ where: { id: generationId } })
    expect(generation).toMatchObject({
      userId,
      status: 'reserved',
      credits: 3,
      kind: 'generic',
      provider: 'local',
      model: 'gpt-4o-mini',
    })
    expect(generation.input).toEqual(textGeneration.input)
    // Written in UTC like Prisma's own timestamps, so the sweeper's age cut-off means what it says.
    for (const createdAt of [generation.createdAt, entry.createdAt])
      expect(Math.abs(createdAt.getTime() - Date.now())).toBeLessThan(60_000)
  })

  it('refuses with PAYMENT_REQUIRED and a pointer to /plan when the balance is short, changing nothing', async () => {
    const userId = await user('bob', 1)
    const entriesBefore = await ledger.db.prisma.creditEntry.count({ where: { userId } })
    const generationId = randomUUID()
    const attempt = reserveCredits(ledger.db.prisma, { userId, amount: 2, generationId, generation: textGeneration })
    await expect(attempt).rejects.toBeInstanceOf(AppError)
    await expect(attempt).rejects.toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message: 'This needs 2 credits and you have 1 credit left. Upgrade your plan at /plan to keep generating.',
    })
    expect(await balanceOf(ledger.db.prisma, userId)).toBe(1)
    expect(await ledger.db.prisma.creditEntry.count({ where: { userId } })).toBe(entriesBefore)
    expect(await ledger.db.prisma.generation.findUnique({ where: { id: generationId } })).toBeNull()
  })

  it('says there are no credits left at a zero balance', async () => {
    const userId = await user('cy', 0)
    await expect(
      reserveCredits(ledger.db.prisma, { userId, amount: 1, generationId: randomUUID(), generation: textGeneration }),
    ).rejects.toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message: 'You have no credits left. Upgrade your plan at /plan to keep generating.',
    })
  })

  it('lets exactly 5 of 20 concurrent 1-credit reservations through on a balance of 5, leaving 0', async () => {
    const userId = await user('dee', 5)
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        reserveCredits(ledger.db.prisma, { userId, amount: 1, generationId: randomUUID(), generation: textGeneration }),
      ),
    )
    const succeeded = results.filter((result) => result.status === 'fulfilled')
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected')
    expect(succeeded).toHaveLength(5)
    expect(refused).toHaveLength(15)
    for (const { reason } of refused) expect(reason).toMatchObject({ code: 'PAYMENT_REQUIRED' })
    expect(await balanceOf(ledger.db.prisma, userId)).toBe(0)
    expect(await ledger.db.prisma.generation.count({ where: { userId, status: 'reserved' } })).toBe(5)
  })

  it('refuses a second reservation under the same generation id', async () => {
    const userId = await user('eve', 10)
    const generationId = randomUUID()
    await reserveCredits(ledger.db.prisma, { userId, amount: 1, generationId, generation: textGeneration })
    await expect(
      reserveCredits(ledger.db.prisma, { userId, amount: 1, generationId, generation: textGeneration }),
    ).rejects.toThrow()
    expect(await balanceOf(ledger.db.prisma, userId)).toBe(9)
  })

  it('refuses amounts that are not positive whole numbers', async () => {
    const userId = await user('fay', 10)
    for (const amount of [0, -1, 1.5]) {
      await expect(
        reserveCredits(ledger.db.prisma, { userId, amount, generationId: randomUUID(), generation: textGeneration }),
      ).rejects.toThrow('positive whole number')
    }
  })
})
