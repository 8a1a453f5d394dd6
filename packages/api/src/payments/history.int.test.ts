import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import type { SignedInUser } from '../context.ts'
import { callerFor, createTestUser } from '../testing/test-caller.ts'

let db: TestDatabase
let offerId: string

beforeAll(async () => {
  db = await createTestDatabase()
  const offer = await db.prisma.planOffer.create({
    data: { key: 'MONTHLY', name: 'Monthly', priceCents: 1900, credits: 1000, validityDays: 30 },
  })
  offerId = offer.id
})
afterAll(() => db.close())

/** A purchase as createCheckout leaves it, `minutesAgo`; without a session id it never reached a checkout. */
async function purchase(user: SignedInUser, minutesAgo: number, opened = true, status: 'pending' | 'paid' = 'pending') {
  const row = await db.prisma.purchase.create({
    data: {
      userId: user.id,
      planOfferId: offerId,
      planKey: 'MONTHLY',
      name: 'Monthly',
      priceCents: 1900,
      credits: 1000,
      provider: 'local',
      status,
      checkoutSessionId: opened ? `cs_test_${randomUUID()}` : null,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    },
  })
  return row.id
}

describe('payments.history', () => {
  it("lists the caller's purchases that reached a checkout, newest first, as the history shows them", async () => {
    const ada = await createTestUser(db.prisma, 'Ada')
    const older = await purchase(ada, 30, true, 'paid')
    await purchase(ada, 20, false)
    const newer = await purchase(ada, 10)
    const history = await callerFor(db.prisma, ada).payments.history()
    expect(history.map((row) => row.id)).toEqual([newer, older])
    expect(history[1]).toMatchObject({
      plan: 'MONTHLY',
      name: 'Monthly',
      priceCents: 1900,
      currency: 'usd',
      credits: 1000,
      status: 'paid',
      refundedCredits: 0,
    })
    expect(history[1]?.createdAt).toBeInstanceOf(Date)
  })

  it("shows another user's purchases to nobody but their buyer", async () => {
    const ada = await createTestUser(db.prisma, 'Ada Two')
    const bob = await createTestUser(db.prisma, 'Bob')
    await purchase(ada, 5)
    expect(await callerFor(db.prisma, bob).payments.history()).toEqual([])
    expect(await callerFor(db.prisma, ada).payments.history()).toHaveLength(1)
  })

  it('answers UNAUTHORIZED signed out', async () => {
    await expect(callerFor(db.prisma, null).payments.history()).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
  })
})
