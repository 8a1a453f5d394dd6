import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'

import { TRIAL_CREDITS, TRIAL_DAYS } from '@promptly/core/credits/plan-rules'

import { expireLapsedGrants } from '../expire-credits.ts'
import { grantCredits } from '../grant-credits.ts'
import { expectLedgerMatchesBalance } from '../testing/expect-ledger-matches-balance.ts'
import { useLedgerTestDatabase } from '../testing/ledger-test-database.ts'
import { textGeneration } from '../testing/users-with-credits.ts'
import { refundReservation } from './refund-reservation.ts'
import { reserveCredits } from './reserve-credits.ts'

const DAY = 24 * 60 * 60 * 1000
const ledger = useLedgerTestDatabase()
const afterTrial = () => new Date(Date.now() + TRIAL_DAYS * DAY + 60_000)

const limitsOf = (userId: string) =>
  ledger.db.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { creditBalance: true, creditMax: true } })
const expiriesOf = (userId: string) =>
  ledger.db.prisma.creditEntry.findMany({
    where: { userId, reason: 'expiry' },
    select: { amount: true, reference: true },
    orderBy: { amount: 'asc' },
  })

async function reserve(userId: string, amount: number): Promise<string> {
  const generationId = randomUUID()
  await reserveCredits(ledger.db.prisma, { userId, amount, generationId, generation: textGeneration })
  return generationId
}

describe('a refund that lands after its grant expired', () => {
  it('is written as refund + expiry: the credit lapses as it would have, and the maximum stays down', async () => {
    const userId = await ledger.user('late-refund', TRIAL_CREDITS)
    const trial = await ledger.db.prisma.creditEntry.findFirstOrThrow({ where: { userId, reason: 'trial' } })
    const generationId = await reserve(userId, 1)
    await expireLapsedGrants(ledger.db.prisma, { now: afterTrial() })
    expect(await limitsOf(userId)).toEqual({ creditBalance: 0, creditMax: 0 })

    expect(await refundReservation(ledger.db.prisma, generationId, { error: 'provider down' })).toEqual({
      refunded: true,
      amount: 1,
    })
    // Not "1 of 0 left": the refunded credit belonged to the expired trial.
    expect(await limitsOf(userId)).toEqual({ creditBalance: 0, creditMax: 0 })
    expect(
      await ledger.db.prisma.creditEntry.findUnique({
        where: { userId_reason_reference: { userId, reason: 'refund', reference: generationId } },
      }),
    ).toMatchObject({ amount: 1 })
    expect(await expiriesOf(userId)).toEqual([
      { amount: -(TRIAL_CREDITS - 1), reference: trial.id },
      { amount: -1, reference: `${trial.id}/refund/${generationId}` },
    ])

    // A later sweep finds nothing more to expire.
    await expireLapsedGrants(ledger.db.prisma, { now: afterTrial() })
    expect(await expiriesOf(userId)).toHaveLength(2)
    expect(await limitsOf(userId)).toEqual({ creditBalance: 0, creditMax: 0 })
  })

  it('gives back for good the part a never-expiring grant paid', async () => {
    const userId = await ledger.user('mixed', TRIAL_CREDITS)
    await ledger.db.prisma.$transaction((tx) =>
      grantCredits(tx, { userId, amount: 50, reason: 'referral', reference: randomUUID() }),
    )
    // 32 held: the trial's 30 first (it expires soonest), then 2 of the referral's 50.
    const generationId = await reserve(userId, 32)
    await expireLapsedGrants(ledger.db.prisma, { now: afterTrial() })
    expect(await limitsOf(userId)).toEqual({ creditBalance: 48, creditMax: 50 })

    await refundReservation(ledger.db.prisma, generationId)
    expect(await limitsOf(userId)).toEqual({ creditBalance: 50, creditMax: 50 })
  })

  it(
    'refunds in full while the grant is running, and its expiry ' + 'later takes all of it, the refund included',
    async () => {
      const userId = await ledger.user('before-sweep', TRIAL_CREDITS)
      const generationId = await reserve(userId, 3)
      await refundReservation(ledger.db.prisma, generationId)
      expect(await limitsOf(userId)).toEqual({ creditBalance: TRIAL_CREDITS, creditMax: TRIAL_CREDITS })
      await expireLapsedGrants(ledger.db.prisma, { now: afterTrial() })
      expect(await limitsOf(userId)).toEqual({ creditBalance: 0, creditMax: 0 })
      expect(await expiriesOf(userId)).toEqual([expect.objectContaining({ amount: -TRIAL_CREDITS })])
    },
  )
})

describe('a refund after its grant lapsed, before the sweeper expired it', () => {
  it('lapses again all that goes back to the lapsed grant, and the next sweep changes nothing', async () => {
    const userId = await ledger.user('lapsed-unswept', TRIAL_CREDITS)
    const trial = await ledger.db.prisma.creditEntry.findFirstOrThrow({ where: { userId, reason: 'trial' } })
    // Paid from the running trial; the trial's 7 days are over when the refund lands, unswept.
    const generationId = await reserve(userId, 3)
    const refundedAt = afterTrial()
    expect(await refundReservation(ledger.db.prisma, generationId, { now: refundedAt })).toEqual({
      refunded: true,
      amount: 3,
    })
    // Not "30 of 30" (nor "3 of 0" once swept): the trial had lapsed, the refund with it.
    expect(await limitsOf(userId)).toEqual({ creditBalance: 0, creditMax: 0 })
    expect(await expiriesOf(userId)).toEqual([
      { amount: -(TRIAL_CREDITS - 3), reference: trial.id },
      { amount: -3, reference: `${trial.id}/refund/${generationId}` },
    ])
    await expectLedgerMatchesBalance(ledger.db.prisma, userId)

    expect(await expireLapsedGrants(ledger.db.prisma, { now: refundedAt })).toEqual({ users: 0, credits: 0 })
    expect(await limitsOf(userId)).toEqual({ creditBalance: 0, creditMax: 0 })
    expect(await expiriesOf(userId)).toHaveLength(2)
  })

  it('gives back for good only the part a grant still running paid', async () => {
    const userId = await ledger.user('mixed-unswept', TRIAL_CREDITS)
    await ledger.db.prisma.$transaction((tx) =>
      grantCredits(tx, { userId, amount: 50, reason: 'referral', reference: randomUUID() }),
    )
    // 32 held: the trial's 30, then 2 of the referral's 50 (it never expires).
    const generationId = await reserve(userId, 32)
    await refundReservation(ledger.db.prisma, generationId, { now: afterTrial() })
    expect(await limitsOf(userId)).toEqual({ creditBalance: 50, creditMax: 50 })
    await expectLedgerMatchesBalance(ledger.db.prisma, userId)
    await expireLapsedGrants(ledger.db.prisma, { now: afterTrial() })
    expect(await limitsOf(userId)).toEqual({ creditBalance: 50, creditMax: 50 })
  })
})
