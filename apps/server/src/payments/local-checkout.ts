import { randomBytes } from 'node:crypto'

import type { CheckoutRequest, CheckoutSession, PaymentProvider } from '@promptly/api/payments/payment-provider'
import { forbidden } from '@promptly/core/errors/app-error'
import { MESSAGES } from '@promptly/core/messages'

import { stripeSignatureFor, verifyStripeSignature } from './stripe-signature.ts'

export interface LocalCheckoutOptions {
  appUrl: string
  webhookSecret: string
  /**
   * Whether Pay may grant credits. The local checkout takes no money, so a production server without
   * Stripe keys sells nothing rather than give plans away.
   */
  enabled: boolean
}

/** The local checkout also signs the events its Pay button emits. */
export interface LocalCheckout extends PaymentProvider {
  readonly kind: 'local'
  readonly enabled: boolean
  /** A `checkout.session.completed` for a purchase, as Stripe would send it: body and signature header. */
  completedEvent(purchase: LocalPaidPurchase): Promise<{ body: string; signature: string }>
}

export interface LocalPaidPurchase {
  id: string
  checkoutSessionId: string
  priceCents: number
  currency: string
}

/**
 * The default payment provider, for development and offline use: the app's own /checkout/{purchaseId}
 * page stands in for Stripe's, and its Pay button makes the server emit a signed
 * `checkout.session.completed` into the same webhook handler Stripe's events go through.
 */
export function createLocalCheckout(options: LocalCheckoutOptions): LocalCheckout {
  return {
    kind: 'local',
    enabled: options.enabled,
    async createCheckout({ purchaseId }: CheckoutRequest): Promise<CheckoutSession> {
      if (!options.enabled) throw forbidden(MESSAGES.paymentsNotSetUp)
      return {
        id: `cs_local_${randomBytes(18).toString('base64url')}`,
        url: `${options.appUrl}/checkout/${purchaseId}`,
      }
    },
    parseWebhook: (rawBody, signature) => verifyStripeSignature(rawBody, signature, options.webhookSecret),
    async completedEvent(purchase) {
      const body = JSON.stringify({
        id: `evt_local_${randomBytes(18).toString('base64url')}`,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: purchase.checkoutSessionId,
            object: 'checkout.session',
            mode: 'payment',
            status: 'complete',
            payment_status: 'paid',
            client_reference_id: purchase.id,
            metadata: { purchaseId: purchase.id },
            amount_total: purchase.priceCents,
            currency: purchase.currency,
            payment_intent: `pi_local_${randomBytes(18).toString('base64url')}`,
          },
        },
      })
      return { body, signature: await stripeSignatureFor(body, options.webhookSecret) }
    },
  }
}

export function isLocalCheckout(provider: PaymentProvider): provider is LocalCheckout {
  return provider.kind === 'local' && 'completedEvent' in provider
}
