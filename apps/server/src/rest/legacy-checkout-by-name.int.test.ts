import { describe, expect, it } from 'vitest'

import { MESSAGES } from '@promptly/core/messages'

import { tableFingerprints } from '../testing/authorization/table-fingerprints.ts'
import type { TestAccount } from '../testing/local-accounts.ts'
import { useTestApp } from '../testing/use-test-app.ts'

/**
 * POST /payment/create-checkout-session with the product as the original client sent it: the whole
 * offer, named as the original named it (its MONTHLY was "MONTLY"), with a price and credits the
 * server must not believe. The pending purchase is always at the stored offer's price and credits.
 */
const t = useTestApp({ seed: true, env: { RATE_LIMIT_PER_MINUTE: '100000' } })
const BASES = ['/api/v1', '/api/v2', ''] as const

async function checkout(who: TestAccount, base: string, product: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${base}/payment/create-checkout-session?clerkId=${encodeURIComponent(who.user.clerkId)}`,
    headers: who.bearer,
    payload: { product },
  })
  return { statusCode: res.statusCode, body: res.json<{ id: string; data: { purchaseId: string }; error: string }>() }
}

/** The purchase a checkout opened, against the stored offer of the plan. */
async function purchaseAndOffer(purchaseId: string) {
  const purchase = await t.db.prisma.purchase.findUniqueOrThrow({ where: { id: purchaseId } })
  const offer = await t.db.prisma.planOffer.findUniqueOrThrow({ where: { key: purchase.planKey } })
  return { purchase, offer }
}

describe.each(BASES)('a checkout under "%s"', (base) => {
  it("accepts the original's offer object named MONTLY, at the stored price whatever the body says", async () => {
    const buyer = await t.signUp()
    const product = { name: 'MONTLY', limit: 999_999, expairy: 9999, price: 0.01, Displayamount: 1, quantity: 1 }
    const { statusCode, body } = await checkout(buyer, base, product)
    expect(statusCode, JSON.stringify(body)).toBe(200)
    const { purchase, offer } = await purchaseAndOffer(body.data.purchaseId)
    expect(purchase).toMatchObject({
      userId: buyer.user.id,
      planKey: 'MONTHLY',
      status: 'pending',
      checkoutSessionId: body.id,
      name: offer.name,
      priceCents: offer.priceCents,
      credits: offer.credits,
    })
    expect(offer.priceCents).not.toBe(1)
  })

  it.each([
    ['YEARLY by name', { name: 'YEARLY', price: 1, limit: 5 }, 'YEARLY'],
    ['MONTHLY by its key name', { name: 'MONTHLY', price: 1 }, 'MONTHLY'],
    ['MONTHLY by name in any case', { name: ' montly ' }, 'MONTHLY'],
    ['a key string', 'YEARLY', 'YEARLY'],
    ['the original name as a string', 'MONTLY', 'MONTHLY'],
    ['an offer as GET /plans lists it, with a forged price', { key: 'MONTHLY', priceCents: 1, price: 0.01 }, 'MONTHLY'],
    ['an offer whose key and name disagree: the key wins', { key: 'YEARLY', name: 'MONTLY' }, 'YEARLY'],
  ])('accepts %s', async (_, product, plan) => {
    const buyer = await t.signUp()
    const { statusCode, body } = await checkout(buyer, base, product)
    expect(statusCode, JSON.stringify(body)).toBe(200)
    const { purchase, offer } = await purchaseAndOffer(body.data.purchaseId)
    expect(purchase).toMatchObject({ planKey: plan, priceCents: offer.priceCents, credits: offer.credits })
  })

  it('reads TOPUP by name, and refuses it without a paid plan as by key', async () => {
    const buyer = await t.signUp()
    const { statusCode, body } = await checkout(buyer, base, { name: 'TOPUP', limit: 100, expairy: -1, price: 10 })
    expect([statusCode, body.error]).toEqual([400, MESSAGES.topUpNeedsPlan])
  })

  it('refuses a product naming no plan with a 400 that says what to send, and opens nothing', async () => {
    const buyer = await t.signUp()
    const before = await tableFingerprints(t.db.prisma)
    for (const product of [{ name: 'GOLD', price: 1 }, 'GOLD', { limit: 100 }, 42, null]) {
      const { statusCode, body } = await checkout(buyer, base, product)
      expect([statusCode, body.error]).toEqual([400, expect.stringMatching(/^product: Choose a plan: TOPUP, MONTHLY/)])
    }
    expect(await tableFingerprints(t.db.prisma)).toEqual(before)
  })
})
