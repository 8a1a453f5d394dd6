import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MESSAGES } from '@promptly/core/messages'
import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import type { SignedInUser } from '../context.ts'
import { createCaller } from '../root.ts'
import { createTestUser, testContext } from '../testing/test-caller.ts'
import type { CheckoutRequest, PaymentProvider } from './payment-provider.ts'

let db: TestDatabase
let buyer: SignedInUser

/** Stands in for Stripe behind the interface: records what each checkout was asked to charge. */
function recordingPayments(charged: CheckoutRequest[], fail = false): PaymentProvider {
  return {
    kind: 'local',
    createCheckout(request) {
      charged.push(request)
      if (fail) return Promise.reject(new Error('the provider is down'))
      return Promise.resolve({ id: `cs_test_${randomUUID()}`, url: 'http://127.0.0.1:9/checkout' })
    },
    parseWebhook() {
      throw new Error('No webhooks in these tests')
    },
  }
}

const checkoutAs = (user: SignedInUser | null, payments?: PaymentProvider) =>
  createCaller({ ...testContext(db.prisma, user), ...(payments && { payments }) }).payments.createCheckout

async function verifiedBuyer(name: string): Promise<SignedInUser> {
  const user = await createTestUser(db.prisma, name)
  return {
    ...(await db.prisma.user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } })),
    isAdmin: false,
  }
}

beforeAll(async () => {
  db = await createTestDatabase()
  await db.prisma.planOffer.createMany({
    data: [
      { key: 'MONTHLY', name: 'Monthly', priceCents: 1900, currency: 'usd', credits: 1000, validityDays: 30 },
      {
        key: 'YEARLY',
        name: 'Yearly',
        priceCents: 9900,
        currency: 'usd',
        credits: 15000,
        validityDays: 365,
        active: false,
      },
      { key: 'TOPUP', name: 'Top-up', priceCents: 500, currency: 'usd', credits: 200, validityDays: null },
    ],
  })
  buyer = await verifiedBuyer('Buyer')
})
afterAll(() => db.close())

describe('payments.createCheckout', () => {
  it("opens a checkout at the offer's stored price and keeps a pending purchase naming it", async () => {
    const charged: CheckoutRequest[] = []
    const session = await checkoutAs(buyer, recordingPayments(charged))({ plan: 'MONTHLY' })
    expect(charged).toEqual([
      {
        purchaseId: session.purchaseId,
        item: { name: 'Monthly', priceCents: 1900, currency: 'usd', credits: 1000 },
        customerEmail: buyer.email,
      },
    ])
    expect(session).toMatchObject({ id: expect.stringMatching(/^cs_test_/), url: 'http://127.0.0.1:9/checkout' })
    expect(await db.prisma.purchase.findUniqueOrThrow({ where: { id: session.purchaseId } })).toMatchObject({
      userId: buyer.id,
      planKey: 'MONTHLY',
      priceCents: 1900,
      credits: 1000,
      status: 'pending',
      provider: 'local',
      checkoutSessionId: session.id,
    })
  })

  it("charges the server's price and credits whatever the client sends with the plan", async () => {
    const charged: CheckoutRequest[] = []
    const forged = { plan: 'MONTHLY', priceCents: 1, currency: 'xxx', credits: 1_000_000 } as { plan: 'MONTHLY' }
    const session = await checkoutAs(buyer, recordingPayments(charged))(forged)
    expect(charged[0]?.item).toEqual({ name: 'Monthly', priceCents: 1900, currency: 'usd', credits: 1000 })
    expect(await db.prisma.purchase.findUniqueOrThrow({ where: { id: session.purchaseId } })).toMatchObject({
      priceCents: 1900,
      currency: 'usd',
      credits: 1000,
    })
  })

  it('refuses an unverified buyer, an offer off sale and a top-up with no running plan, opening nothing', async () => {
    const charged: CheckoutRequest[] = []
    const payments = recordingPayments(charged)
    const unverified = await createTestUser(db.prisma, 'Unverified')
    await expect(checkoutAs(unverified, payments)({ plan: 'MONTHLY' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: MESSAGES.verifyToBuy,
    })
    await expect(checkoutAs(buyer, payments)({ plan: 'YEARLY' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: MESSAGES.planUnavailable,
    })
    await expect(checkoutAs(buyer, payments)({ plan: 'TOPUP' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: MESSAGES.topUpNeedsPlan,
    })
    expect(charged).toEqual([])
    expect(await db.prisma.purchase.count({ where: { userId: unverified.id } })).toBe(0)
    expect(await db.prisma.purchase.count({ where: { userId: buyer.id, planKey: { in: ['YEARLY', 'TOPUP'] } } })).toBe(
      0,
    )
  })

  it('sells a top-up while a paid plan runs', async () => {
    const subscriber = await verifiedBuyer('Subscriber')
    await db.prisma.user.update({
      where: { id: subscriber.id },
      data: { plan: 'monthly', planValidTill: new Date(Date.now() + 86_400_000) },
    })
    const charged: CheckoutRequest[] = []
    await checkoutAs(subscriber, recordingPayments(charged))({ plan: 'TOPUP' })
    expect(charged.map((request) => request.item.priceCents)).toEqual([500])
  })

  it('marks the purchase failed when the provider cannot open a checkout', async () => {
    const unlucky = await verifiedBuyer('Unlucky')
    await expect(checkoutAs(unlucky, recordingPayments([], true))({ plan: 'MONTHLY' })).rejects.toBeDefined()
    expect(await db.prisma.purchase.findMany({ where: { userId: unlucky.id }, select: { status: true } })).toEqual([
      { status: 'failed' },
    ])
  })

  it('refuses where payments are not set up, an unknown plan, and a signed-out caller', async () => {
    const charged: CheckoutRequest[] = []
    await expect(checkoutAs(buyer)({ plan: 'MONTHLY' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: MESSAGES.paymentsNotSetUp,
    })
    await expect(
      checkoutAs(buyer, recordingPayments(charged))({ plan: 'LIFETIME' as 'MONTHLY' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(checkoutAs(null, recordingPayments(charged))({ plan: 'MONTHLY' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    })
    expect(charged).toEqual([])
  })
})
