import Stripe from 'stripe'
import { afterAll, describe, expect, it } from 'vitest'

import { useTestApp } from '../testing/use-test-app.ts'
import { STRIPE_WEBHOOK_PATH } from './payment-webhook.routes.ts'
import { startFakeStripe, type FakeStripe } from './testing/fake-stripe.ts'
import { checkoutEvent } from './testing/payment-events.ts'

const WEBHOOK_SECRET = 'whsec_test_promptly_offline_only'
let fake: FakeStripe | undefined
const t = useTestApp(async () => {
  fake = await startFakeStripe()
  return {
    seed: true,
    listen: true,
    env: { STRIPE_SECRET_KEY: 'sk_test_promptly_offline_only', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    stripe: fake.client,
  }
})
afterAll(() => fake?.close())

describe('the Stripe path (against a local fake Stripe)', () => {
  it('opens a Checkout Session at the offer price, keyed by the purchase, and fulfils a signed webhook', async () => {
    const ada = await t.signUp()
    const checkout = await t.trpc(ada).payments.createCheckout.mutate({ plan: 'MONTHLY' })
    expect(checkout.url).toBe(`https://checkout.stripe.test/c/pay/${checkout.id}`)

    const request = fake!.requests.find((req) => req.path === '/v1/checkout/sessions')
    const offer = await t.db.prisma.planOffer.findUniqueOrThrow({ where: { key: 'MONTHLY' } })
    expect(request?.headers.authorization).toBe('Bearer sk_test_promptly_offline_only')
    expect(request?.headers['idempotency-key']).toBe(`checkout-${checkout.purchaseId}`)
    expect(request?.form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][unit_amount]': String(offer.priceCents),
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][product_data][name]': offer.name,
      client_reference_id: checkout.purchaseId,
      'metadata[purchaseId]': checkout.purchaseId,
      'payment_intent_data[metadata][purchaseId]': checkout.purchaseId,
      customer_email: ada.email,
      success_url: `${t.config.appUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${t.config.appUrl}/cancel`,
    })

    const payload = checkoutEvent('checkout.session.completed', checkout, { amount_total: offer.priceCents })
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })
    const res = await t.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    })
    expect(res.json()).toMatchObject({ received: true, outcome: 'fulfilled' })
    const status = await t.trpc(ada).payments.status.query({ sessionId: checkout.id })
    expect(status).toMatchObject({ creditsLeft: 1030, purchase: { status: 'paid', plan: 'MONTHLY' } })
  })

  it('refuses a webhook signed with another secret, and has no local Pay', async () => {
    const ada = await t.signUp()
    const checkout = await t.trpc(ada).payments.createCheckout.mutate({ plan: 'YEARLY' })
    const payload = checkoutEvent('checkout.session.completed', checkout)
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' })
    const headers = { 'content-type': 'application/json', 'stripe-signature': signature }
    const res = await t.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, payload, headers })
    expect(res.statusCode).toBe(400)
    const pay = `/api/payments/local/${checkout.purchaseId}/pay`
    expect((await t.app.inject({ method: 'POST', url: pay, headers: ada.bearer })).statusCode).toBe(404)
    const purchase = await t.db.prisma.purchase.findUniqueOrThrow({ where: { id: checkout.purchaseId } })
    expect(purchase).toMatchObject({ status: 'pending', provider: 'stripe' })
  })
})
