/**
 * The one interface to whoever takes the money: Stripe Checkout, or the local checkout page that
 * stands in for it offline. The server picks one at start (apps/server services.ts); handlers only
 * see this. Both speak Stripe's webhook format, so one handler (handle-payment-event.ts) fulfils
 * purchases whichever took the payment.
 */
export interface PaymentProvider {
  readonly kind: 'stripe' | 'local'
  /** Opens a checkout for one purchase at the server's price; the purchase id is its idempotency key. */
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>
  /**
   * Verifies a webhook's signature over its raw body and returns the event; throws
   * WebhookSignatureError when the signature is missing, wrong or stale.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<VerifiedEvent>
}

export interface CheckoutRequest {
  purchaseId: string
  /** What the checkout shows and charges, copied from the offer when the purchase was made. */
  item: { name: string; priceCents: number; currency: string; credits: number }
  customerEmail: string
}

export interface CheckoutSession {
  /** The provider's checkout session id (`cs_…`), which the return page is given back. */
  id: string
  /** Where the buyer goes to pay. */
  url: string
}

/** An event whose signature checked out; its content is still parsed with zod before use. */
export interface VerifiedEvent {
  id: string
  type: string
  data: { object: unknown }
}

export class WebhookSignatureError extends Error {
  constructor(message = 'The webhook signature does not match') {
    super(message)
    this.name = 'WebhookSignatureError'
  }
}
