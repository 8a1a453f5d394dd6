import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import type { SignedInUser } from '../context.ts'
import { callerFor, createTestUser } from '../testing/test-caller.ts'
import { insertPlanOffers } from './testing/plan-offers.ts'

const DAY = 24 * 60 * 60 * 1000
let db: TestDatabase

beforeAll(async () => {
  db = await createTestDatabase()
  await insertPlanOffers(db.prisma)
})
afterAll(() => db.close())

async function onPlan(name: string, plan: 'monthly' | 'free', validTill: Date | null): Promise<SignedInUser> {
  const user = await createTestUser(db.prisma, name)
  const stored = await db.prisma.user.update({
    where: { id: user.id },
    data: { plan, planValidTill: validTill, creditBalance: 7, creditMax: 1030 },
  })
  return { ...stored, isAdmin: false }
}

describe('plans.list', () => {
  it("lists the active offers at the server's prices, cheapest first, and nothing personal signed out", async () => {
    expect(await callerFor(db.prisma, null).plans.list()).toEqual({
      offers: [
        { key: 'MONTHLY', name: 'Monthly', priceCents: 1900, currency: 'usd', credits: 1000, validityDays: 30 },
        { key: 'YEARLY', name: 'Yearly', priceCents: 9900, currency: 'usd', credits: 15000, validityDays: 365 },
      ],
      showTop: false,
      current: null,
    })
  })

  it('tells a signed-in caller their own plan, and offers a top-up only while a paid plan runs', async () => {
    const till = new Date(Date.now() + 10 * DAY)
    const subscriber = await onPlan('Subscriber', 'monthly', till)
    expect(await callerFor(db.prisma, subscriber).plans.list()).toMatchObject({
      showTop: true,
      current: { plan: 'monthly', validTill: till, creditsLeft: 7, creditsMax: 1030 },
    })
    const trial = await createTestUser(db.prisma, 'Trial')
    expect(await callerFor(db.prisma, trial).plans.list()).toMatchObject({
      showTop: false,
      current: { plan: 'free', validTill: trial.trialEndsAt, creditsLeft: trial.creditBalance },
    })
  })

  it('shows a paid plan that has ended as the free plan again', async () => {
    const lapsed = await onPlan('Lapsed', 'monthly', new Date(Date.now() - DAY))
    expect(await callerFor(db.prisma, lapsed).plans.list()).toMatchObject({
      showTop: false,
      current: { plan: 'free', validTill: lapsed.trialEndsAt },
    })
  })
})
