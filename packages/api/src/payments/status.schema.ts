import { z } from 'zod'

import { purchaseView } from './history.schema.ts'

/**
 * A checkout session id as Stripe and the local checkout make them (`cs_test_a1B2…`,
 * `cs_local_…` in base64url): anything else matches no purchase, and text the database cannot take
 * (an unpaired surrogate) must not reach it.
 */
const checkoutSessionId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,300}$/, 'Not a checkout session id')

/** The return page has the checkout session id; the local checkout page has the purchase id. */
export const paymentStatusInput = z.union([
  z.object({ sessionId: checkoutSessionId }),
  z.object({ purchaseId: z.uuid() }),
])
export type PaymentStatusInput = z.infer<typeof paymentStatusInput>

export const paymentStatusOutput = z.object({
  purchase: purchaseView,
  /** The caller's credits now, to show once the purchase is paid. */
  creditsLeft: z.number().int(),
})
export type PaymentStatusOutput = z.infer<typeof paymentStatusOutput>
