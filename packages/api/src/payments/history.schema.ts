import { z } from 'zod'

import { planKey } from '../plans/plan-offer.schema.ts'

export const PURCHASE_STATUSES = ['pending', 'paid', 'failed', 'expired', 'refunded'] as const

/** A row of the Transaction History: the spec's Name, Created At, Valid Till, Price, Credit. */
export const purchaseView = z.object({
  id: z.uuid(),
  plan: planKey,
  name: z.string(),
  createdAt: z.date(),
  validTill: z.date().nullable(),
  priceCents: z.number().int(),
  currency: z.string(),
  credits: z.number().int(),
  status: z.enum(PURCHASE_STATUSES),
  paidAt: z.date().nullable(),
  refundedCredits: z.number().int(),
})
export type PurchaseView = z.infer<typeof purchaseView>

export const historyOutput = z.array(purchaseView)
