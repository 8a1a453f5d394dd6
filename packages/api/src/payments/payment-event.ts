import { z } from 'zod'

/**
 * The parts of Stripe's event objects the fulfilment reads (the local checkout sends the same
 * shapes). Anything else in them is ignored; anything missing here makes the event "unmatched".
 */
const metadata = z.record(z.string(), z.string()).nullish()

export const checkoutSessionObject = z.object({
  id: z.string().min(1),
  client_reference_id: z.string().nullish(),
  metadata,
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']).nullish(),
  amount_total: z.number().int().nullish(),
  currency: z.string().nullish(),
  payment_intent: z.union([z.string(), z.object({ id: z.string() })]).nullish(),
})
export type CheckoutSessionObject = z.infer<typeof checkoutSessionObject>

export const chargeObject = z.object({
  id: z.string().min(1),
  payment_intent: z.union([z.string(), z.object({ id: z.string() })]).nullish(),
  amount: z.number().int().nonnegative(),
  amount_refunded: z.number().int().nonnegative(),
  metadata,
})
export type ChargeObject = z.infer<typeof chargeObject>

const uuid = z.uuid()

/** Our purchase id from a checkout session: its metadata first, else client_reference_id. */
export function purchaseIdOf(session: CheckoutSessionObject): string | null {
  const candidate = session.metadata?.purchaseId ?? session.client_reference_id
  const parsed = uuid.safeParse(candidate)
  return parsed.success ? parsed.data : null
}

export function paymentIntentId(value: CheckoutSessionObject['payment_intent']): string | null {
  if (!value) return null
  return typeof value === 'string' ? value : value.id
}
