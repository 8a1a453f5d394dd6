import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

import { balanceOf } from '@promptly/api/credits/testing/users-with-credits'

import type { TestAccount } from '../../testing/local-accounts.ts'
import { createTestApiKey } from '../../testing/test-api-keys.ts'
import { useTestApp } from '../../testing/use-test-app.ts'
import {
  API_BASES,
  clerkIdQuery,
  expectStatus,
  send,
  UNPREFIXED_AND_API_BASES,
  type Headers,
} from './legacy-client-calls.ts'
import {
  expectShape,
  ok,
  okWithData,
  specLimits,
  specPlanOffer,
  specPlans,
  specTransaction,
} from './spec-answer-shapes.ts'

// The plan, payment and limit rows of the spec's call table (section 7), sent as the legacy client
// sent them, by scripts holding a personal API key with the `read` and `generate` scopes (a
// checkout and the usage report are not reads).
const t = useTestApp({
  seed: true,
  listen: true,
  env: { RATE_LIMIT_PER_MINUTE: '100000', API_KEY_RATE_LIMIT_PER_MINUTE: '100000' },
})
/** A new account on the free trial: plans, checkout, limits, referral, usage. */
let ada: TestAccount
let adaKey: Headers
/** An account that paid for MONTHLY, for the Transaction History. */
let bea: TestAccount
let beaKey: Headers
/** The account whose share link Ada follows. */
let cy: TestAccount

beforeAll(async () => {
  ada = await t.signUp({ name: 'Ada Lovelace' })
  adaKey = await createTestApiKey(t.app, ada, ['read', 'generate'])
  bea = await t.signUp({ name: 'Bea Buyer' })
  beaKey = await createTestApiKey(t.app, bea, ['read', 'generate'])
  cy = await t.signUp({ name: 'Cy Sharer' })
  // Bea's purchase is set up through the web app's own API and paid at the local checkout, so the
  // history row does not depend on the checkout row under test.
  const { purchaseId } = await t.trpc(bea).payments.createCheckout.mutate({ plan: 'MONTHLY' })
  const paid = await t.app.inject({ method: 'POST', url: `/api/payments/local/${purchaseId}/pay`, headers: bea.bearer })
  expect(paid.statusCode, paid.body).toBe(200)
})

/** The product's configured offer: its price in dollars, credits and days, what the spec's fields mean. */
async function configuredOffer(key: 'TOPUP' | 'MONTHLY' | 'YEARLY') {
  const offer = await t.db.prisma.planOffer.findUniqueOrThrow({ where: { key } })
  return { price: offer.priceCents / 100, limit: offer.credits, expairy: offer.validityDays }
}

describe.each(UNPREFIXED_AND_API_BASES)('the plan and limit calls under "%s", with an API key', (base) => {
  it('GET /plans with clerkId: 200, data with TOPUP, YEARLY, MONTHLY (expairy, price, limit) and showTop', async () => {
    // bigwigmedia src/pages/Plan.tsx getPlans: `${BASE_URL2}/plans?clerkId=${userId}`, then
    // res.data.data.TOPUP / .YEARLY / .MONTHLY, each card showing `{expairy} days`, the price and
    // `{limit} Credits`; the offers are Bigwigmedia_Backend enums/plan.enums.js, answered through
    // response_200 (controllers/plans.controllers.js getAllPlans).
    const answer = await send(t.app, { method: 'GET', url: `${base}/plans${clerkIdQuery(ada.user)}`, headers: adaKey })
    expectStatus(answer, 200)
    const { data } = expectShape(okWithData(specPlans), answer.body, answer.call)
    for (const key of ['MONTHLY', 'YEARLY'] as const) {
      expect(data[key], key).toEqual(expect.objectContaining(await configuredOffer(key)))
    }
    const topUp = await configuredOffer('TOPUP')
    expect(data.TOPUP).toEqual(expect.objectContaining({ price: topUp.price, limit: topUp.limit }))
  })

  it("POST /payment/create-checkout-session?clerkId, the original's product: 200, id is the session", async () => {
    // bigwigmedia src/pages/Plan.tsx buyPlan (the Stripe checkout; later versions keep it commented
    // out) posts { product: { ...obj } }, obj an offer as the original listed it (Bigwigmedia_Backend
    // enums/plan.enums.js, MONTHLY named "MONTLY"), and hands resp.data.id to
    // stripe.redirectToCheckout; controllers/payment.controller.js answers res.json({ id: session.id }).
    const product = { name: 'MONTLY', limit: 200, expairy: 30, price: 20 }
    const url = `${base}/payment/create-checkout-session${clerkIdQuery(ada.user)}`
    const answer = await send(t.app, { method: 'POST', url, headers: adaKey, payload: { product } })
    expectStatus(answer, 200)
    const { id } = expectShape(z.object({ id: z.string().min(1) }), answer.body, answer.call)
    const purchase = await t.db.prisma.purchase.findUniqueOrThrow({ where: { checkoutSessionId: id } })
    expect(purchase).toMatchObject({ userId: ada.user.id, planKey: 'MONTHLY' })
  })

  it('POST /payment/create-checkout-session with the offer GET /plans listed: 200, id is the session id', async () => {
    // The round trip the pricing page made: the card's offer object, as received, is the product.
    const plans = await send(t.app, { method: 'GET', url: `${base}/plans${clerkIdQuery(ada.user)}`, headers: adaKey })
    const offer = z.object({ data: z.object({ YEARLY: specPlanOffer.loose() }) }).parse(plans.body).data.YEARLY
    const url = `${base}/payment/create-checkout-session${clerkIdQuery(ada.user)}`
    const answer = await send(t.app, { method: 'POST', url, headers: adaKey, payload: { product: offer } })
    expectStatus(answer, 200)
    const { id } = expectShape(z.object({ id: z.string().min(1) }), answer.body, answer.call)
    const purchase = await t.db.prisma.purchase.findUniqueOrThrow({ where: { checkoutSessionId: id } })
    expect(purchase).toMatchObject({ userId: ada.user.id, planKey: 'YEARLY' })
  })

  it('GET /limits with clerkId: 200, data with plan, current_limit, max_limit', async () => {
    // bigwigmedia src/pages/Plan.tsx getCredits sets res.data.data; Bigwigmedia_Backend
    // controllers/limits.controllers.js getLimit answers response_200(res, "Limits found", limits).
    const answer = await send(t.app, { method: 'GET', url: `${base}/limits${clerkIdQuery(ada.user)}`, headers: adaKey })
    expectStatus(answer, 200)
    const { data } = expectShape(okWithData(specLimits), answer.body, answer.call)
    // A new account is on the free 7-day trial (spec sections 1 and 3).
    expect(data.plan).toBe('free')
    expect(data.current_limit).toBe(await balanceOf(t.db.prisma, ada.user.id))
  })

  it('GET /plans/history?clerkId: 200, data is the transactions, each with the spec fields', async () => {
    // bigwigmedia src/pages/Profile.tsx handleTransaction prints each row's name, createdAt,
    // validTill, price and creditOptained; Bigwigmedia_Backend controllers/plans.controllers.js
    // getPlanHistory answers token.getPlansDetails() through response_200.
    const url = `${base}/plans/history${clerkIdQuery(bea.user)}`
    const answer = await send(t.app, { method: 'GET', url, headers: beaKey })
    expectStatus(answer, 200)
    const { data } = expectShape(okWithData(z.array(specTransaction).length(1)), answer.body, answer.call)
    const monthly = await configuredOffer('MONTHLY')
    expect(data[0]).toMatchObject({ price: monthly.price, creditOptained: monthly.limit })
  })
})

describe.each(API_BASES)('the share and usage calls on %s, with an API key', (base) => {
  it('GET {api}/limits/ with limit (the visitor) and reffered (the sharer): 200', async () => {
    // bigwigmedia src/components/Generate2.tsx handleReffer: `${BASE_URL2}/limits/?limit=${userId}
    // &reffered=${reffered}`; the answer is not read (spec: response shape not shown), so only the
    // 200 with the original's word: the path is GET /limits, answered through response_200
    // (Bigwigmedia_Backend controllers/limits.controllers.js getLimit).
    const [visitor, sharer] = [ada.user.clerkId, cy.user.clerkId].map(encodeURIComponent)
    const url = `${base}/limits/?limit=${visitor}&reffered=${sharer}`
    const answer = await send(t.app, { method: 'GET', url, headers: adaKey })
    expectStatus(answer, 200)
    expectShape(ok, answer.body, answer.call)
  })

  it('POST {api}/limits/decrease with clerkId and no body: 200, one credit less', async () => {
    // Sent with no body after a transcription or a speech (bigwigmedia's transcription and
    // text-to-audio components, src/components: axios.post(`${BASE_URL2}/limits/decrease?clerkId=…`));
    // Bigwigmedia_Backend controllers/limits.controllers.js decreaseLimit answers
    // response_200(res, "Limit decreased", user.getLimits()).
    const before = await balanceOf(t.db.prisma, ada.user.id)
    const url = `${base}/limits/decrease${clerkIdQuery(ada.user)}`
    const answer = await send(t.app, { method: 'POST', url, headers: adaKey })
    expectStatus(answer, 200)
    expectShape(okWithData(specLimits), answer.body, answer.call)
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(before - 1)
  })
})
