import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import type { SignedInUser } from '../context.ts'
import type { CheckoutRequest, PaymentProvider } from '../payments/payment-provider.ts'
import { createCaller } from '../root.ts'
import { callerFor, createTestUser, testContext } from '../testing/test-caller.ts'
import { adminAndPlainUser, expectAdminOnly, trpcCodeOf } from './testing/admin-only.ts'

let db: TestDatabase
let admin: SignedInUser
let plain: SignedInUser
let buyer: SignedInUser

/** Stands in for Stripe (outside the machine): records what each checkout was asked to charge. */
const charged: CheckoutRequest[] = []
const payments: PaymentProvider = {
  kind: 'local',
  async createCheckout(request) {
    charged.push(request)
    return { id: `cs_test_${randomUUID()}`, url: 'http://127.0.0.1:9/checkout' }
  },
  parseWebhook() {
    throw new Error('No webhooks in these tests')
  },
}

beforeAll(async () => {
  db = await createTestDatabase({ seed: true })
  ;({ admin, plain } = await adminAndPlainUser(db.prisma))
  buyer = await createTestUser(db.prisma, 'Buyer')
  await db.prisma.user.update({ where: { id: buyer.id }, data: { emailVerifiedAt: new Date() } })
})
afterAll(() => db.close())

const admins = () => callerFor(db.prisma, admin)
const buy = (plan: 'MONTHLY' | 'YEARLY') =>
  createCaller({ ...testContext(db.prisma, buyer), payments }).payments.createCheckout({ plan })

describe('admin.plans.list and admin.plans.update', () => {
  it('answer UNAUTHORIZED signed out and FORBIDDEN to a plain user, and change nothing then', async () => {
    const before = await db.prisma.planOffer.findUniqueOrThrow({ where: { key: 'MONTHLY' } })
    await expectAdminOnly(db.prisma, plain, (caller) => caller.admin.plans.list())
    await expectAdminOnly(db.prisma, plain, (caller) => caller.admin.plans.update({ key: 'MONTHLY', priceCents: 100 }))
    expect(await db.prisma.planOffer.findUniqueOrThrow({ where: { key: 'MONTHLY' } })).toEqual(before)
  })

  it('changes what the plans page lists and what checkout charges from then on', async () => {
    const earlier = await buy('MONTHLY')
    const updated = await admins().admin.plans.update({
      key: 'MONTHLY',
      priceCents: 1299,
      credits: 1500,
      validityDays: 31,
    })
    expect(updated).toMatchObject({ key: 'MONTHLY', priceCents: 1299, credits: 1500, validityDays: 31, active: true })

    const { offers } = await callerFor(db.prisma, null).plans.list()
    expect(offers.find((offer) => offer.key === 'MONTHLY')).toMatchObject({
      priceCents: 1299,
      credits: 1500,
      validityDays: 31,
    })

    const checkout = await buy('MONTHLY')
    expect(charged.at(-1)?.item).toMatchObject({ priceCents: 1299, credits: 1500 })
    const purchase = await db.prisma.purchase.findUniqueOrThrow({ where: { id: checkout.purchaseId } })
    expect(purchase).toMatchObject({ priceCents: 1299, credits: 1500 })
    // A purchase made before keeps the terms it was opened with.
    const before = await db.prisma.purchase.findUniqueOrThrow({ where: { id: earlier.purchaseId } })
    expect(before.priceCents).not.toBe(1299)
  })

  it('takes an offer off sale: gone from the plans page and checkout, still in the admin list', async () => {
    await admins().admin.plans.update({ key: 'YEARLY', active: false })
    const { offers } = await callerFor(db.prisma, null).plans.list()
    expect(offers.map((offer) => offer.key)).not.toContain('YEARLY')
    expect(await trpcCodeOf(buy('YEARLY'))).toBe('NOT_FOUND')
    const all = await admins().admin.plans.list()
    expect(all.map((offer) => [offer.key, offer.active])).toEqual([
      ['TOPUP', true],
      ['MONTHLY', true],
      ['YEARLY', false],
    ])
    await admins().admin.plans.update({ key: 'YEARLY', active: true })
    expect((await callerFor(db.prisma, null).plans.list()).offers.map((offer) => offer.key)).toContain('YEARLY')
  })

  it('keeps TOPUP without a validity of its own; refuses an empty or out-of-range change', async () => {
    const caller = admins()
    expect(await trpcCodeOf(caller.admin.plans.update({ key: 'TOPUP', validityDays: 30 }))).toBe('BAD_REQUEST')
    expect(await trpcCodeOf(caller.admin.plans.update({ key: 'MONTHLY' }))).toBe('BAD_REQUEST')
    for (const change of [{ priceCents: 49 }, { priceCents: 10.5 }, { credits: 0 }, { validityDays: 0 }]) {
      expect(await trpcCodeOf(caller.admin.plans.update({ key: 'MONTHLY', ...change })), JSON.stringify(change)).toBe(
        'BAD_REQUEST',
      )
    }
    const topUp = await caller.admin.plans.update({ key: 'TOPUP', credits: 250 })
    expect(topUp).toMatchObject({ key: 'TOPUP', credits: 250, validityDays: null })
  })

  it('records who changed which offer, from what to what', async () => {
    const before = await db.prisma.planOffer.findUniqueOrThrow({ where: { key: 'TOPUP' } })
    await admins().admin.plans.update({ key: 'TOPUP', priceCents: before.priceCents + 100 })
    const audit = await db.prisma.auditEntry.findFirstOrThrow({
      where: { action: 'plans.update' },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    })
    expect(audit).toMatchObject({
      actorId: admin.id,
      targetUserId: null,
      details: {
        key: 'TOPUP',
        before: { priceCents: before.priceCents, credits: before.credits, validityDays: null, active: true },
        after: { priceCents: before.priceCents + 100, credits: before.credits, validityDays: null, active: true },
      },
    })
  })
})
