import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'

import { STRIPE_WEBHOOK_PATH } from '../payment-webhook.routes.ts'
import { stripeSignatureFor } from '../stripe-signature.ts'

/** A purchase as the tests know it after createCheckout. */
export interface CheckoutOf {
  purchaseId: string
  id: string
}

/** A Stripe-shaped checkout.session.* event for a purchase (paid unless said otherwise). */
export function checkoutEvent(
  type: string,
  checkout: CheckoutOf,
  session: Record<string, unknown> = {},
  eventId = `evt_${randomUUID()}`,
): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: checkout.id,
        object: 'checkout.session',
        payment_status: 'paid',
        client_reference_id: checkout.purchaseId,
        metadata: { purchaseId: checkout.purchaseId },
        payment_intent: `pi_${checkout.purchaseId}`,
        ...session,
      },
    },
  })
}

export function refundEvent(checkout: CheckoutOf, amount: number, refunded = amount): string {
  return JSON.stringify({
    id: `evt_${randomUUID()}`,
    object: 'event',
    type: 'charge.refunded',
    data: {
      object: {
        id: `ch_${randomUUID()}`,
        object: 'charge',
        payment_intent: `pi_${checkout.purchaseId}`,
        amount,
        amount_refunded: refunded,
      },
    },
  })
}

/** Delivers a webhook as Stripe does: the raw JSON body and its Stripe-Signature over `secret`. */
export async function deliver(app: FastifyInstance, body: string, secret: string | null) {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' }
  if (secret !== null) headers['stripe-signature'] = await stripeSignatureFor(body, secret)
  return app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, payload: body, headers })
}
