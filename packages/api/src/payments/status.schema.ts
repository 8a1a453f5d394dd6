import { z } from 'zod'

import { purchaseView } from './history.schema.ts'

/** The return page has the checkout session id; the local checkout page has the purchase id. */
export const paymentStatusInput = z.union([
  z.object({ sessionId: z.string().trim().min(1).max(300) }),
  z.object({ purchaseId: z.uuid() }),
])
export type PaymentStatusInput = z.infer<typeof paymentStatusInput>

export const paymentStatusOutput = z.object({
  purchase: purchaseView,
  /** The caller's credits now, to show once the purchase is paid. */
  creditsLeft: z.number().int(),
})
export type PaymentStatusOutput = z.infer<typeof paymentStatusOutput>
