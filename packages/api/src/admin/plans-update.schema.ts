import { z } from 'zod'

import { planKey, planOfferView } from '../plans/plan-offer.schema.ts'

/** Stripe refuses a card charge under 50 cents in USD; the top is a typo guard. */
export const PLAN_PRICE_MIN_CENTS = 50
export const PLAN_PRICE_MAX_CENTS = 1_000_000
export const PLAN_CREDITS_MAX = 1_000_000
export const PLAN_VALIDITY_MAX_DAYS = 3650

/** An offer as the admin console sees it: also whether it is on sale, and when it last changed. */
export const adminPlanOffer = planOfferView.extend({ active: z.boolean(), updatedAt: z.date() })
export type AdminPlanOffer = z.infer<typeof adminPlanOffer>

/** Every offer, on sale or not, by key (TOPUP, MONTHLY, YEARLY). */
export const adminPlansListOutput = z.array(adminPlanOffer)

export const plansUpdateInput = z
  .object({
    key: planKey,
    priceCents: z.number().int().min(PLAN_PRICE_MIN_CENTS).max(PLAN_PRICE_MAX_CENTS).optional(),
    credits: z.number().int().min(1).max(PLAN_CREDITS_MAX).optional(),
    /** MONTHLY and YEARLY only: TOPUP's credits last as long as the buyer's plan. */
    validityDays: z.number().int().min(1).max(PLAN_VALIDITY_MAX_DAYS).optional(),
    /** False takes the offer off sale (checkout refuses it); purchases already made keep what they bought. */
    active: z.boolean().optional(),
  })
  .refine(
    (input) => [input.priceCents, input.credits, input.validityDays, input.active].some((value) => value !== undefined),
    'Nothing to change: give a price, credits, validity or whether the offer is on sale',
  )
  .refine((input) => input.key !== 'TOPUP' || input.validityDays === undefined, {
    message: "A top-up has no validity of its own: its credits last as long as the buyer's plan",
    path: ['validityDays'],
  })
export type PlansUpdateInput = z.infer<typeof plansUpdateInput>
