import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'

import { useLedgerTestDatabase } from '../credits/testing/ledger-test-database.ts'
import { endLapsedPlans } from './end-lapsed-plans.ts'
import { fulfilPurchase } from './fulfil-purchase.ts'
import { refundPurchase } from './refund-purchase.ts'

const ledger = useLedgerTestDatabase()
const DAY = 24 * 60 * 60 * 1000

async function paidMonthly(userId: string, credits: number) {
  const db = ledger.db.prisma
  const offer = await db.planOffer.upsert({
    where: { key: 'MONTHLY' },
    create: { key: 'MONTHLY', name: 'Monthly', priceCents: 1000, credits, validityDays: 30 },
    update: {},
  })
  const purchase = await db.purchase.create({
    data: {
      userId,
      planOfferId: offer.id,
      planKey: 'MONTHLY',
      name: 'Monthly',
      priceCents: 1000,
      credits,
      provider: 'local',
      checkoutSessionId: `cs_${randomUUID()}`,
    },
  })
  const payment = { purchaseId: purchase.id, paymentReference: `pi_${purchase.id}` }
  expect(await db.$transaction((tx) => fulfilPurchase(tx, payment, new Date()))).toBe('fulfilled')
  return purchase
}

/** Spends credits as any charge does: a ledger entry and the balance, together. */
async function spend(userId: string, amount: number) {
  await ledger.db.prisma.$transaction([
    ledger.db.prisma.creditEntry.create({
      data: { userId, amount: -amount, reason: 'usage', reference: randomUUID() },
    }),
    ledger.db.prisma.user.update({ where: { id: userId }, data: { creditBalance: { decrement: amount } } }),
  ])
}

describe('refunds and lapsed plans', () => {
  it('takes back at most what the balance holds, never below zero, and ends the plan', async () => {
    const userId = await ledger.user('refunded', 0)
    const purchase = await paidMonthly(userId, 100)
    await spend(userId, 80)
    const refund = { paymentReference: `pi_${purchase.id}`, amountCents: 1000, refundedCents: 1000, eventId: 'evt_1' }
    const outcome = await ledger.db.prisma.$transaction((tx) => refundPurchase(tx, refund, new Date()))
    expect(outcome).toBe('refunded')
    const user = await ledger.db.prisma.user.findUniqueOrThrow({ where: { id: userId } })
    expect(user).toMatchObject({ creditBalance: 0, plan: 'free', planValidTill: null })
    const again = { ...refund, eventId: 'evt_2' }
    expect(await ledger.db.prisma.$transaction((tx) => refundPurchase(tx, again, new Date()))).toBe('already_refunded')
  })

  it('returns accounts whose paid plan has ended to the free plan', async () => {
    const ended = await ledger.user('ended', 0)
    const running = await ledger.user('running', 0)
    await paidMonthly(ended, 10)
    await paidMonthly(running, 10)
    const later = new Date(Date.now() + 31 * DAY)
    await ledger.db.prisma.user.update({
      where: { id: running },
      data: { planValidTill: new Date(later.getTime() + DAY) },
    })
    expect(await endLapsedPlans(ledger.db.prisma, later)).toBeGreaterThanOrEqual(1)
    const plans = await ledger.db.prisma.user.findMany({ where: { id: { in: [ended, running] } } })
    expect(Object.fromEntries(plans.map((user) => [user.id, user.plan]))).toEqual({
      [ended]: 'free',
      [running]: 'monthly',
    })
  })
})
