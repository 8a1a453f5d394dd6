import { WebhookSignatureError, type VerifiedEvent } from '@promptly/api/payments/payment-provider'
import { lazily } from '@promptly/core/lazily'

/**
 * Stripe's SDK, loaded with the first webhook (or local payment) rather than at start-up: its ~220
 * modules cost ~140 ms and 4 MB of heap at every start, and most starts see no payment.
 */
const stripeSdk = lazily(async () => (await import('stripe')).default)

/**
 * Checks a webhook the way Stripe documents it (`stripe.webhooks.constructEvent`: HMAC-SHA256 over
 * the raw body, 5-minute tolerance), for Stripe's events and the local checkout's alike, so the one
 * verification path is the one tests exercise.
 */
export async function verifyStripeSignature(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): Promise<VerifiedEvent> {
  if (!signature) throw new WebhookSignatureError('The webhook has no Stripe-Signature header')
  const Stripe = await stripeSdk()
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
export async function stripeSignatureFor(payload: string, secret: string): Promise<string> {
  return (await stripeSdk()).webhooks.generateTestHeaderString({ payload, secret })
}
