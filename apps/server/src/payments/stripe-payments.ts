import Stripe from 'stripe'

import type { CheckoutRequest, CheckoutSession, PaymentProvider } from '@promptly/api/payments/payment-provider'

import { verifyStripeSignature } from './stripe-signature.ts'

/** Where the SDK sends its calls: Stripe's API by default; tests point it at a local fake. */
export interface StripeClientOptions {
  host?: string
  port?: number
  protocol?: 'http' | 'https'
}

export interface StripePaymentsOptions {
  secretKey: string
  webhookSecret: string
  appUrl: string
  client?: StripeClientOptions
}

/**
 * Stripe Checkout in payment mode, one session per purchase at the offer's price (price_data: no
 * products to keep in sync in Stripe's dashboard). The purchase id travels as client_reference_id
 * and in the metadata of the session and of its payment, and is the idempotency key, so a retried
 * call cannot open two sessions for one purchase.
 */
export function createStripePayments(options: StripePaymentsOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...options.client })
  return {
    kind: 'stripe',
    async createCheckout({ purchaseId, item, customerEmail }: CheckoutRequest): Promise<CheckoutSession> {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: item.currency,
                unit_amount: item.priceCents,
                product_data: { name: item.name, description: `${item.credits} credits` },
              },
            },
          ],
          client_reference_id: purchaseId,
          metadata: { purchaseId },
          payment_intent_data: { metadata: { purchaseId } },
          customer_email: customerEmail,
          success_url: `${options.appUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${options.appUrl}/cancel`,
        },
        { idempotencyKey: `checkout-${purchaseId}` },
      )
      if (!session.url) throw new Error('Stripe opened a checkout session without a URL')
      return { id: session.id, url: session.url }
    },
    parseWebhook: (rawBody, signature) => verifyStripeSignature(rawBody, signature, options.webhookSecret),
  }
}
