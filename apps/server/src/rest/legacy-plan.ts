import { z } from 'zod'

import { purchaseView, type PurchaseView } from '@promptly/api/payments/history.schema'
import { planKey, planOfferView, type PlanKey, type PlanOfferView } from '@promptly/api/plans/plan-offer.schema'

/**
 * The plan offers and purchases in the legacy names and units (spec section 3), beside the current
 * fields: an offer's `expairy` (days valid, -1 for TOPUP: until the current paid plan ends, as the
 * original wrote it), `price` (in dollars, or the currency's main unit: 14.99) and `limit` (credits);
 * a purchase's `price` the same way and `creditOptained` (sic, its credits). The one place these are made.
 */
const dollars = (cents: number) => cents / 100

/** The original's TOPUP lasted until the current plan ended, written -1. */
export const UNTIL_PLAN_ENDS = -1

export const legacyOfferSchema = planOfferView.extend({
  expairy: z.number().int().describe('(sic) Days the credits last; -1: until the current paid plan ends (TOPUP)'),
  price: z.number().describe("The price in dollars (the currency's main unit), e.g. 14.99"),
  limit: z.number().int().describe('The credits the offer gives'),
})
export type LegacyOffer = z.infer<typeof legacyOfferSchema>

export function toLegacyOffer(offer: PlanOfferView): LegacyOffer {
  return {
    ...offer,
    expairy: offer.validityDays ?? UNTIL_PLAN_ENDS,
    price: dollars(offer.priceCents),
    limit: offer.credits,
  }
}

export const legacyPurchaseSchema = purchaseView.extend({
  price: z.number().describe("What was paid, in dollars (the currency's main unit)"),
  creditOptained: z.number().int().describe('(sic) The credits bought'),
})
export type LegacyPurchase = z.infer<typeof legacyPurchaseSchema>

export function toLegacyPurchase(purchase: PurchaseView): LegacyPurchase {
  return { ...purchase, price: dollars(purchase.priceCents), creditOptained: purchase.credits }
}

/**
 * The names the original client sent a plan by, in `product.name`: its MONTHLY offer was named
 * MONTLY (sic). Any case, as the keys are also accepted.
 */
const LEGACY_PLAN_NAMES = { MONTLY: 'MONTHLY', MONTHLY: 'MONTHLY', YEARLY: 'YEARLY', TOPUP: 'TOPUP' } as const
const PLAN_CHOICE_MESSAGE = 'Choose a plan: TOPUP, MONTHLY (or MONTLY) or YEARLY, by key or by name'

const planByName = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.enum(['TOPUP', 'MONTHLY', 'MONTLY', 'YEARLY']))
  .transform((name): PlanKey => LEGACY_PLAN_NAMES[name])

/**
 * The product of a checkout as the legacy clients sent it: the plan's key or name as a string, or an
 * offer object (its `key`, else its `name`). Every other field, price and credits included, is
 * ignored: the server sells at its stored price.
 */
export const legacyProduct = z.union(
  [
    planByName,
    z.looseObject({ key: planKey }).transform((offer) => offer.key),
    z.looseObject({ name: planByName }).transform((offer) => offer.name),
  ],
  { error: PLAN_CHOICE_MESSAGE },
)
