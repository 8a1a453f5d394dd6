import { z } from 'zod'

import { planKey } from '../plans/plan-offer.schema.ts'

/** Only the plan's key: the price, credits and validity are the server's, whatever a client sends. */
export const createCheckoutInput = z.object({ plan: planKey })
export type CreateCheckoutInput = z.infer<typeof createCheckoutInput>

export const createCheckoutOutput = z.object({
  /** The checkout session id (Stripe's `cs_…`, or the local checkout's). */
  id: z.string(),
  /** Where to send the buyer: Stripe's hosted page or the local checkout page. */
  url: z.string(),
  purchaseId: z.uuid(),
})
export type CreateCheckoutOutput = z.infer<typeof createCheckoutOutput>
