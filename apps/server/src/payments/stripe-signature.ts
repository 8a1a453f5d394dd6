import Stripe from 'stripe'

import { WebhookSignatureError, type VerifiedEvent } from '@promptly/api/payments/payment-provider'

/**
 * Checks a webhook the way Stripe documents it (`stripe.webhooks.constructEvent`: HMAC-SHA256 over
 * the raw body, 5-minute tolerance), for Stripe's events and the local checkout's alike, so the one
 * verification path is the one tests exercise.
 */
export function verifyStripeSignature(rawBody: Buffer, signature: string | undefined, secret: string): VerifiedEvent {
  if (!signature) throw new WebhookSignatureError('The webhook has no Stripe-Signature header')
  try {
    const event = Stripe.webhooks.constructEvent(rawBody, signature, secret)
    return { id: event.id, type: event.type, data: { object: event.data.object as unknown } }
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new WebhookSignatureError()
    // A body that is not JSON, once the signature matched: still not an event we can take.
    if (error instanceof SyntaxError) throw new WebhookSignatureError('The webhook body is not JSON')
    throw error
  }
}

/** A Stripe-Signature header for `payload`, as Stripe computes it. */
export function stripeSignatureFor(payload: string, secret: string): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret })
}
