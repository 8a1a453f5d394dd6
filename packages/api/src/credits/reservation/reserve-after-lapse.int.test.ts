import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { TRIAL_CREDITS } from '@promptly/core/credits/plan-rules'
import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import { callerFor } from '../../testing/test-caller.ts'
import { expireLapsedGrants } from '../expire-credits.ts'
import { grantCredits } from '../grant-credits.ts'
import { expectLedgerMatchesBalance } from '../testing/expect-ledger-matches-balance.ts'
import { useLedgerTestDatabase } from '../testing/ledger-test-database.ts'
import { textGeneration, userWithBalance } from '../testing/users-with-credits.ts'
import { refundReservation } from './refund-reservation.ts'
import { reserveCredits } from './reserve-credits.ts'

const ledger = useLedgerTestDatabase()

/** The trial ran out a minute ago, and the sweeper has not been round since. */
async function lapseTrial(userId: string): Promise<string> {
  const trial = await ledger.db.prisma.creditEntry.findFirstOrThrow({ where: { userId, reason: 'trial' } })
  await ledger.db.prisma.creditEntry.update({
    where: { id: trial.id },
    data: { expiresAt: new Date(Date.now() - 60_000) },
  })
  return trial.id
}

async function limitsShown(userId: string) {
  const user = await ledger.db.prisma.user.findUniqueOrThrow({ where: { id: userId } })
  return callerFor(ledger.db.prisma, { ...user, isAdmin: false }).credits.limits()
}

const expiriesOf = (userId: string) =>
  ledger.db.prisma.creditEntry.findMany({
    where: { userId, reason: 'expiry' },
    select: { amount: true, reference: true },
  })

const reservation = (userId: string, amount: number) => ({
  userId,
  amount,
  generationId: randomUUID(),
  generation: textGeneration,
})

describe('a reservation after a grant lapsed, before the sweeper expired it', () => {
  it('is refused when the lapsed grant held all the credits, and the limits show them gone', async () => {
    const userId = await ledger.user('only-trial', TRIAL_CREDITS)
    const trialId = await lapseTrial(userId)
    const attempt = reservation(userId, 3)

    await expect(reserveCredits(ledger.db.prisma, attempt)).rejects.toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message: 'You have no credits left. Upgrade your plan at /plan to keep generating.',
    })
    expect(await ledger.db.prisma.generation.findUnique({ where: { id: attempt.generationId } })).toBeNull()
    // The refusal keeps the expiry it wrote: the ledger says where the 30 went.
    expect(await expiriesOf(userId)).toEqual([{ amount: -TRIAL_CREDITS, reference: trialId }])
    expect(await limitsShown(userId)).toEqual({ plan: 'free', current_limit: 0, max_limit: 0 })
    await expectLedgerMatchesBalance(ledger.db.prisma, userId)

    // Nothing was charged, so nothing comes back: no "3 of 0" after the sweep.
    expect(await expireLapsedGrants(ledger.db.prisma, { now: new Date() })).toEqual({ users: 0, credits: 0 })
    expect(await limitsShown(userId)).toEqual({ plan: 'free', current_limit: 0, max_limit: 0 })
  })

  it('charges only credits still running, and a refund gives them back to that valid grant', async () => {
    const userId = await ledger.user('trial-and-referral', TRIAL_CREDITS)
    await ledger.db.prisma.$transaction((tx) =>
      grantCredits(tx, { userId, amount: 50, reason: 'referral', reference: randomUUID() }),
    )
    await lapseTrial(userId)
    const attempt = reservation(userId, 3)

    expect(await reserveCredits(ledger.db.prisma, attempt)).toEqual({ balance: 47 })
    expect(await limitsShown(userId)).toEqual({ plan: 'free', current_limit: 47, max_limit: 50 })
    await expectLedgerMatchesBalance(ledger.db.prisma, userId)

    await refundReservation(ledger.db.prisma, attempt.generationId)
    expect(await limitsShown(userId)).toEqual({ plan: 'free', current_limit: 50, max_limit: 50 })
    expect(await expireLapsedGrants(ledger.db.prisma, { now: new Date() })).toEqual({ users: 0, credits: 0 })
    expect(await limitsShown(userId)).toEqual({ plan: 'free', current_limit: 50, max_limit: 50 })
    expect(await expiriesOf(userId)).toHaveLength(1)
  })
})

describe('the reservation hot path', () => {
  let db: TestDatabase
  let statements: string[] = []
  beforeAll(async () => {
    db = await createTestDatabase({ onQuery: (sql) => statements.push(sql) })
  })
  afterAll(() => db?.close())

  it('is one statement while none of the user’s grants has lapsed', async () => {
    const userId = await userWithBalance(db.prisma, 'hot-path', TRIAL_CREDITS)
    statements = []
    await reserveCredits(db.prisma, reservation(userId, 1))
    expect(statements).toHaveLength(1)
  })
})
