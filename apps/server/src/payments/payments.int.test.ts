import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'

import type { TestAccount } from '../testing/local-accounts.ts'
import { useTestApp } from '../testing/use-test-app.ts'
import { stripeSignatureFor } from './stripe-signature.ts'
import { checkoutEvent, deliver, refundEvent, type CheckoutOf } from './testing/payment-events.ts'

const SECRET = `whsec_${randomBytes(24).toString('base64url')}`
const t = useTestApp({ seed: true, listen: true, env: { LOCAL_CHECKOUT_SECRET: SECRET } })

async function buy(account: TestAccount, plan: 'MONTHLY' | 'YEARLY' | 'TOPUP' = 'MONTHLY'): Promise<CheckoutOf> {
  return t.trpc(account).payments.createCheckout.mutate({ plan })
}

async function state(account: TestAccount, purchaseId: string) {
  const [user, purchase, grants] = await Promise.all([
    t.db.prisma.user.findUniqueOrThrow({ where: { id: account.user.id } }),
    t.db.prisma.purchase.findUniqueOrThrow({ where: { id: purchaseId } }),
    t.db.prisma.creditEntry.count({ where: { userId: account.user.id, reason: 'purchase' } }),
  ])
  return { balance: user.creditBalance, plan: user.plan, status: purchase.status, grants }
}

describe('checkout', () => {
  it("charges the server's price, whatever price the client sends", async () => {
    const ada = await t.signUp()
    const product = { key: 'MONTHLY', priceCents: 1, price: 0.01, credits: 999999 }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/create-checkout-session',
      headers: ada.bearer,
      payload: { product },
    })
    expect(res.statusCode).toBe(200)
    const body = res.json<{ id: string; url: string; data: { purchaseId: string } }>()
    expect(body.url).toBe(`${t.config.appUrl}/checkout/${body.data.purchaseId}`)
    const offer = await t.db.prisma.planOffer.findUniqueOrThrow({ where: { key: 'MONTHLY' } })
    const purchase = await t.db.prisma.purchase.findUniqueOrThrow({ where: { id: body.data.purchaseId } })
    expect(purchase).toMatchObject({ checkoutSessionId: body.id, priceCents: offer.priceCents, credits: 1000 })
  })

  it('sells only to verified accounts, and TOPUP only during a paid plan', async () => {
    const unverified = await t.signUp({ verified: false })
    await expect(buy(unverified)).rejects.toThrow(/Verify your e-mail/)
    const ada = await t.signUp()
    await expect(buy(ada, 'TOPUP')).rejects.toThrow(/top-up/)
    expect(await t.trpc(ada).plans.list.query()).toMatchObject({ showTop: false, current: { plan: 'free' } })
  })
})

describe('the local checkout', () => {
  it('pays through the signed webhook: credits, plan, history, status, then TOPUP on offer', async () => {
    const ada = await t.signUp()
    const checkout = await buy(ada)
    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/payments/local/${checkout.purchaseId}/pay`,
      headers: ada.bearer,
    })
    expect(pay.json()).toMatchObject({ data: { url: `${t.config.appUrl}/success?session_id=${checkout.id}` } })
    expect(await state(ada, checkout.purchaseId)).toMatchObject({ balance: 30 + 1000, plan: 'monthly', status: 'paid' })

    const status = await t.trpc(ada).payments.status.query({ sessionId: checkout.id })
    expect(status).toMatchObject({ creditsLeft: 1030, purchase: { status: 'paid', credits: 1000 } })
    const days = (status.purchase.validTill!.getTime() - status.purchase.paidAt!.getTime()) / 86_400_000
    expect(days).toBe(30)
    const history = await t.trpc(ada).payments.history.query()
    expect(history.map((row) => row.id)).toEqual([checkout.purchaseId])
    expect((await t.trpc(ada).plans.list.query()).showTop).toBe(true)

    // Paying again changes nothing.
    await t.app.inject({ method: 'POST', url: `/api/payments/local/${checkout.purchaseId}/pay`, headers: ada.bearer })
    expect(await state(ada, checkout.purchaseId)).toMatchObject({ balance: 1030, grants: 1 })
  })

  it("never shows or pays another user's purchase", async () => {
    const ada = await t.signUp()
    const bob = await t.signUp()
    const checkout = await buy(ada)
    await expect(t.trpc(bob).payments.status.query({ sessionId: checkout.id })).rejects.toThrow(/No such purchase/)
    const query = { purchaseId: checkout.purchaseId }
    await expect(t.trpc(bob).payments.status.query(query)).rejects.toThrow(/No such purchase/)
    const url = `/api/payments/local/${checkout.purchaseId}/pay`
    expect((await t.app.inject({ method: 'POST', url, headers: bob.bearer })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401)
    expect(await t.trpc(bob).payments.history.query()).toEqual([])
    expect(await state(ada, checkout.purchaseId)).toMatchObject({ status: 'pending', balance: 30 })
  })
})

describe('the payment webhook', () => {
  it('answers 400 and changes nothing on a bad or missing signature', async () => {
    const ada = await t.signUp()
    const checkout = await buy(ada)
    const body = checkoutEvent('checkout.session.completed', checkout)
    const events = await t.db.prisma.webhookEvent.count()
    expect((await deliver(t.app, body, 'whsec_not_ours')).statusCode).toBe(400)
    expect((await deliver(t.app, body, null)).statusCode).toBe(400)
    // The signature covers the exact bytes: a valid one over other bytes fails too.
    const tampered = body.replace('"paid"', '"paid" ')
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      payload: tampered,
      headers: { 'content-type': 'application/json', 'stripe-signature': await stripeSignatureFor(body, SECRET) },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ status: 'error' })
    expect(await t.db.prisma.webhookEvent.count()).toBe(events)
    expect(await state(ada, checkout.purchaseId)).toMatchObject({ balance: 30, status: 'pending', grants: 0 })
  })

  it('grants once when the same completed event arrives 10 times at once', async () => {
    const ada = await t.signUp()
    const checkout = await buy(ada)
    const body = checkoutEvent('checkout.session.completed', checkout)
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(t.app, body, SECRET)))
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200))
    const outcomes = answers.map((res) => res.json<{ outcome: string }>().outcome).sort()
    expect(outcomes).toEqual([...Array(9).fill('duplicate'), 'fulfilled'])
    expect(await state(ada, checkout.purchaseId)).toMatchObject({ balance: 1030, grants: 1, status: 'paid' })
  })

  it('fulfils a purchase once when different events for it arrive together', async () => {
    const ada = await t.signUp()
    const checkout = await buy(ada, 'YEARLY')
    const bodies = [
      checkoutEvent('checkout.session.completed', checkout),
      checkoutEvent('checkout.session.async_payment_succeeded', checkout),
      checkoutEvent('checkout.session.expired', checkout, { payment_status: 'unpaid' }),
    ]
    const answers = await Promise.all(bodies.map((body) => deliver(t.app, body, SECRET)))
    expect(answers.every((res) => res.statusCode === 200)).toBe(true)
    const outcomes = answers.map((res) => res.json<{ outcome: string }>().outcome)
    expect(outcomes.filter((outcome) => outcome === 'fulfilled')).toHaveLength(1)
    const after = await state(ada, checkout.purchaseId)
    // Expired may have won the race; then the payment still lands (money taken is never lost).
    expect(after).toMatchObject({ balance: 30 + 14000, grants: 1, status: 'paid', plan: 'yearly' })
  })

  it('takes a refunded purchase back through the ledger and ends its plan', async () => {
    const ada = await t.signUp()
    const checkout = await buy(ada)
    await deliver(t.app, checkoutEvent('checkout.session.completed', checkout), SECRET)
    const purchase = await t.db.prisma.purchase.findUniqueOrThrow({ where: { id: checkout.purchaseId } })
    const partial = await deliver(
      t.app,
      refundEvent(checkout, purchase.priceCents, Math.ceil(purchase.priceCents / 2)),
      SECRET,
    )
    expect(partial.json()).toMatchObject({ outcome: 'refunded' })
    expect(await state(ada, checkout.purchaseId)).toMatchObject({ balance: 530, status: 'paid', plan: 'monthly' })
    await deliver(t.app, refundEvent(checkout, purchase.priceCents), SECRET)
    expect(await state(ada, checkout.purchaseId)).toMatchObject({ balance: 30, status: 'refunded', plan: 'free' })
    const entries = await t.db.prisma.creditEntry.findMany({
      where: { userId: ada.user.id, reason: 'purchase_refund' },
    })
    expect(entries.map((entry) => entry.amount).sort()).toEqual([-500, -500])
  })

  it('acknowledges an event type it does not handle and keeps it', async () => {
    const body = JSON.stringify({
      id: `evt_${randomBytes(8).toString('hex')}`,
      type: 'customer.created',
      data: { object: {} },
    })
    const res = await deliver(t.app, body, SECRET)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ outcome: 'unknown_type' })
    const kept = await t.db.prisma.webhookEvent.findUniqueOrThrow({ where: { id: JSON.parse(body).id } })
    expect(kept).toMatchObject({ type: 'customer.created', payload: JSON.parse(body) })
  })

  it('acknowledges and keeps a refund for a payment it does not know', async () => {
    const checkout = { purchaseId: '00000000-0000-4000-8000-00000000beef', id: 'cs_unknown' }
    const body = refundEvent(checkout, 1000)
    const res = await deliver(t.app, body, SECRET)
    expect(res.json()).toMatchObject({ received: true, outcome: 'unmatched' })
    const kept = await t.db.prisma.webhookEvent.findUniqueOrThrow({ where: { id: JSON.parse(body).id } })
    const { id, type, data } = JSON.parse(body) as { id: string; type: string; data: unknown }
    expect(kept.payload).toEqual({ id, type, data })
  })
})
