import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'

import { useLedgerTestDatabase } from '../testing/ledger-test-database.ts'
import { balanceOf, textGeneration } from '../testing/users-with-credits.ts'
import { commitReservation } from './commit-reservation.ts'
import { refundReservation } from './refund-reservation.ts'
import { reserveCredits } from './reserve-credits.ts'

const ledger = useLedgerTestDatabase()

async function reserved(
  name: string,
  balance: number,
  amount: number,
): Promise<{ userId: string; generationId: string }> {
  const userId = await ledger.user(name, balance)
  const generationId = randomUUID()
  await reserveCredits(ledger.db.prisma, { userId, amount, generationId, generation: textGeneration })
  return { userId, generationId }
}

describe('refundReservation', () => {
  it('gives the reserved credits back and marks the generation failed with its reason', async () => {
    const { userId, generationId } = await reserved('ada', 10, 2)
    expect(await balanceOf(ledger.db.prisma, userId)).toBe(8)
    expect(
      await refundReservation(ledger.db.prisma, generationId, {
        error: 'The AI service took too long to answer.',
        latencyMs: 61_000,
      }),
    ).toEqual({
      refunded: true,
      amount: 2,
    })
    expect(await balanceOf(ledger.db.prisma, userId)).toBe(10)
    expect(await ledger.db.prisma.generation.findUniqueOrThrow({ where: { id: generationId } })).toMatchObject({
      status: 'failed',
      error: 'The AI service took too long to answer.',
      latencyMs: 61_000,
    })
    const refund = await ledger.db.prisma.creditEntry.findFirstOrThrow({ where: { userId, reason: 'refund' } })
    expect(refund).toMatchObject({ amount: 2, reference: generationId })
  })

  it('is idempotent: a second refund changes nothing', async () => {
    const { userId, generationId } = await reserved('bob', 10, 1)
    await refundReservation(ledger.db.prisma, generationId)
    expect(await refundReservation(ledger.db.prisma, generationId)).toEqual({ refunded: false, amount: 0 })
    expect(await balanceOf(ledger.db.prisma, userId)).toBe(10)
    expect(await ledger.db.prisma.creditEntry.count({ where: { userId, reason: 'refund' } })).toBe(1)
  })

  it('refunds once when several refunds race (failure path, disconnect and sweeper at once)', async () => {
    const { userId, generationId } = await reserved('cy', 10, 3)
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => refundReservation(ledger.db.prisma, generationId)),
    )
    expect(outcomes.filter((outcome) => outcome.refunded)).toHaveLength(1)
    expect(await balanceOf(ledger.db.prisma, userId)).toBe(10)
  })

  it('does not refund a generation that succeeded, nor an unknown id', async () => {
    const { userId, generationId } = await reserved('dee', 10, 1)
    await commitReservation(ledger.db.prisma, generationId, { output: '<p>done</p>', latencyMs: 120 })
    expect(await refundReservation(ledger.db.prisma, generationId)).toEqual({ refunded: false, amount: 0 })
    expect(await refundReservation(ledger.db.prisma, randomUUID())).toEqual({ refunded: false, amount: 0 })
    expect(await balanceOf(ledger.db.prisma, userId)).toBe(9)
  })
})

describe('commitReservation', () => {
  it('marks the generation succeeded with its output and latency; the credits stay spent', async () => {
    const { userId, generationId } = await reserved('eve', 10, 1)
    const finishedAt = new Date('2026-11-22T10:00:00Z')
    expect(
      await commitReservation(
        ledger.db.prisma,
        generationId,
        { output: '<p>Hello</p>', latencyMs: 842.6, model: 'gpt-4o-mini-2024' },
        finishedAt,
      ),
    ).toBe(true)
    expect(await ledger.db.prisma.generation.findUniqueOrThrow({ where: { id: generationId } })).toMatchObject({
      status: 'succeeded',
      output: '<p>Hello</p>',
      latencyMs: 843,
      model: 'gpt-4o-mini-2024',
      finishedAt,
      error: null,
    })
    expect(await balanceOf(ledger.db.prisma, userId)).toBe(9)
  })

  it('leaves a generation that was already refunded as it is', async () => {
    const { userId, generationId } = await reserved('fay', 10, 1)
    await refundReservation(ledger.db.prisma, generationId)
    expect(await commitReservation(ledger.db.prisma, generationId, { output: '<p>late</p>', latencyMs: 1 })).toBe(false)
    expect(await ledger.db.prisma.generation.findUniqueOrThrow({ where: { id: generationId } })).toMatchObject({
      status: 'failed',
      output: null,
    })
    expect(await balanceOf(ledger.db.prisma, userId)).toBe(10)
  })
})
