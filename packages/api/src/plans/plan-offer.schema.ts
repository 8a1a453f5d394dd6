import { z } from 'zod'

import { PLANS } from '@promptly/core/identity/user'

export const PLAN_KEYS = ['TOPUP', 'MONTHLY', 'YEARLY'] as const
export const planKey = z.enum(PLAN_KEYS)
export type PlanKey = z.infer<typeof planKey>

/** An offer as the plans page shows it: the server's price, in integer cents. */
export const planOfferView = z.object({
  key: planKey,
  name: z.string(),
  priceCents: z.number().int(),
  currency: z.string(),
  credits: z.number().int(),
  /** Null for TOPUP: its credits last until the current paid plan ends. */
  validityDays: z.number().int().nullable(),
})
export type PlanOfferView = z.infer<typeof planOfferView>

export const plansListOutput = z.object({
  /** Active offers by price; TOPUP is among them but for sale only when showTop. */
  offers: z.array(planOfferView),
  /** Whether TOPUP is on offer: only while the caller's paid plan runs (false when signed out). */
  showTop: z.boolean(),
  /** The signed-in caller's plan now (a lapsed paid plan is free again); null when signed out. */
  current: z
    .object({
      plan: z.enum(PLANS),
      validTill: z.date().nullable(),
      creditsLeft: z.number().int(),
      creditsMax: z.number().int(),
    })
    .nullable(),
})
export type PlansListOutput = z.infer<typeof plansListOutput>
