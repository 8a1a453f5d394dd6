import { randomUUID } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'

import { TRIAL_CREDITS, TRIAL_DAYS } from '@promptly/core/credits/plan-rules'

import { expireLapsedGrants, startCreditExpirySweeper } from './expire-credits.ts'
import { grantCredits } from './grant-credits.ts'
import { refundReservation } from './reservation/refund-reservation.ts'
import { reserveCredits } from './reservation/reserve-credits.ts'
import { useLedgerTestDatabase } from './testing/ledger-test-database.ts'
import { balanceOf, textGeneration } from './testing/users-with-credits.ts'

const DAY = 24 * 60 * 60 * 1000
const ledger = useLedgerTestDatabase()
const afterTrial = () => new Date(Date.now() + TRIAL_DAYS * DAY + 60_000)

async function entriesOf(userId: string, reason: 'expiry') {
  return ledger.db.prisma.creditEntry.findMany({ where: { userId, reason }, select: { amount: true, reference: true } })
}

describe('expireLapsedGrants', () => {
  it('leaves a running trial alone', async () => {
    const userId = await ledger.user('running', 30)
    await expireLapsedGrants(ledger.db.prisma, { now: new Date() })
    expect(await balanceOf(ledger.db.prisma, userId)).toBe(TRIAL_CREDITS)
    expect(await entriesOf(userId, 'expiry')).toEqual([])
  })

  it('expires what is left of the trial after its 7 days, with one expiry entry, and lowers the maximum', async () => {
    const userId = await ledger.user('lapsed', 12)
    const trial = await ledger.db.prisma.creditEntry.findFirstOrThrow({ where: { userId, reason: 'trial' } })
    await expireLapsedGrants(ledger.db.prisma, { now: afterTrial() })
    expect(await entriesOf(userId, 'expiry')).toEqual([{ amount: -12, reference: trial.id }])
    expect(
      await ledger.db.prisma.user.findUniqueOrThrow({
        where: { id: userId },
        select: { creditBalance: true, creditMax: true },
      }),
    ).toEqual({ creditBalance: 0, creditMax: 0 })
  })

  it('expires a grant once, however many sweeps run', async () => {
    const userId = await ledger.user('twice', 5)
    await Promise.all(
      [
        expireLapsedGrants(ledger.db.prisma, { now: afterTrial() }),
        expireLapsedGrants(ledger.db.prisma, { now: afterTrial() }),
      ].map((sweep) => sweep.catch(() => null)),
    )
    await expireLapsedGrants(ledger.db.prisma, { now: afterTrial() })
    expect(await entriesOf(userId, 'expiry')).toHaveLength(1)
    expect(await balanceOf(ledger.db.prisma, userId)).toBe(0)
  })

  it('keeps credits that do not expire (a referral reward) and spends the trial first', async () => {
    const userId = await ledger.user('referrer', 30)
    await ledger.db.prisma.$transaction((tx) =>
      grantCredits(tx, { userId, amount: 50, reason: 'referral', reference: randomUUID() }),
    )
    // 40 spent: the trial's 30 first (it expires), then 10 of the referral's 50.
    await reserveCredits(ledger.db.prisma, {
      userId,
      amount: 40,
      generationId: randomUUID(),
      generation: textGeneration,
    })
    await expireLapsedGrants(ledger.db.prisma, { now: afterTrial() })
    expect(await entriesOf(userId, 'expiry')).toEqual([expect.objectContaining({ amount: 0 })])
    expect(await balanceOf(ledger.db.prisma, userId)).toBe(40)
  })

  it('counts a refunded generation as never spent', async () => {
    const userId = await ledger.user('refunded', 30)
    const generationId = randomUUID()
    await reserveCredits(ledger.db.prisma, { userId, amount: 3, generationId, generation: textGeneration })
    await refundReservation(ledger.db.prisma, generationId, { error: 'provider down' })
    await expireLapsedGrants(ledger.db.prisma, { now: afterTrial() })
    expect(await entriesOf(userId, 'expiry')).toEqual([expect.objectContaining({ amount: -30 })])
    expect(await balanceOf(ledger.db.prisma, userId)).toBe(0)
  })

  it('leaves nothing to spend once the trial has lapsed', async () => {
    const userId = await ledger.user('inflight', 30)
    await expireLapsedGrants(ledger.db.prisma, { now: afterTrial() })
    await expect(
      reserveCredits(ledger.db.prisma, { userId, amount: 1, generationId: randomUUID(), generation: textGeneration }),
    ).rejects.toThrow()
    expect(await balanceOf(ledger.db.prisma, userId)).toBe(0)
  })
})

describe('startCreditExpirySweeper', () => {
  it('expires lapsed grants on its first sweep and logs it', async () => {
    const userId = await ledger.user('swept', 7)
    await ledger.db.prisma.creditEntry.updateMany({
      where: { userId, reason: 'trial' },
      data: { expiresAt: new Date(Date.now() - 1_000) },
    })
    const log = { info: vi.fn(), error: vi.fn() }
    const stop = startCreditExpirySweeper(ledger.db.prisma, { intervalMs: 60_000, log })
    try {
      await vi.waitFor(async () => expect(await balanceOf(ledger.db.prisma, userId)).toBe(0), { timeout: 10_000 })
      expect(log.info).toHaveBeenCalledWith(expect.objectContaining({ credits: 7 }), 'Expired lapsed credit grants')
    } finally {
      await stop()
    }
  })
})
