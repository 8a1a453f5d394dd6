import { addDays } from '../credits/plan-rules.ts'

/**
 * The rules of paid plans, pure: which offers a user may buy, how long what they buy lasts, and which
 * plan they are on afterwards. MONTHLY and YEARLY run for their offer's days from payment; a TOPUP
 * adds credits to the paid plan the user already has, so it is sold only while that plan runs and
 * its credits end with it.
 */

export type PlanOfferKey = 'TOPUP' | 'MONTHLY' | 'YEARLY'
export type AccountPlan = 'free' | 'topup' | 'monthly' | 'yearly'

export interface PlanState {
  plan: AccountPlan
  /** When the current paid plan ends; null on the free plan. */
  planValidTill: Date | null
}

export interface OfferTerms {
  key: PlanOfferKey
  /** Null for TOPUP, whose credits last as long as the paid plan. */
  validityDays: number | null
}

/**
 * A TOPUP paid after its plan ended (the plan lapsed while the buyer was at the checkout) still gives
 * its credits this long, rather than credits that lapse the moment they arrive.
 */
export const TOPUP_GRACE_DAYS = 30

/** Whether a paid plan (MONTHLY or YEARLY) is running at `now`. */
export function hasValidPaidPlan(state: PlanState, now: Date): boolean {
  return state.plan !== 'free' && state.planValidTill !== null && state.planValidTill > now
}

/** Whether the TOPUP offer is shown: only to someone whose paid plan is still valid. */
export function showTopUp(state: PlanState | null, now: Date): boolean {
  return state !== null && hasValidPaidPlan(state, now)
}

/** The plan the user is on at `now`: a paid plan that has ended is the free plan again. */
export function effectivePlan(state: PlanState, now: Date): AccountPlan {
  return hasValidPaidPlan(state, now) ? state.plan : 'free'
}

/** Whether this offer may be bought now (TOPUP needs a running paid plan). */
export function canBuy(offer: OfferTerms, state: PlanState, now: Date): boolean {
  return offer.key !== 'TOPUP' || hasValidPaidPlan(state, now)
}

/** When a purchase's credits expire, counted from the moment it is paid. */
export function purchaseValidTill(offer: OfferTerms, state: PlanState, paidAt: Date): Date {
  if (offer.key === 'TOPUP') {
    return hasValidPaidPlan(state, paidAt) && state.planValidTill
      ? state.planValidTill
      : addDays(paidAt, TOPUP_GRACE_DAYS)
  }
  if (offer.validityDays === null) throw new Error(`The ${offer.key} offer needs its validity in days`)
  return addDays(paidAt, offer.validityDays)
}

/**
 * The plan and its end after a paid purchase. A TOPUP changes neither. A plan bought while another
 * runs longer does not cut it short: the plan that ends last is the one the user is on.
 */
export function planAfterPurchase(state: PlanState, offer: OfferTerms, validTill: Date, paidAt: Date): PlanState {
  if (offer.key === 'TOPUP') return state
  const bought: PlanState = { plan: offer.key === 'MONTHLY' ? 'monthly' : 'yearly', planValidTill: validTill }
  if (hasValidPaidPlan(state, paidAt) && state.planValidTill && state.planValidTill > validTill) return state
  return bought
}
