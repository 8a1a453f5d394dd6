import type { TFunction } from 'i18next'

import type { PlanKey } from '@promptly/api/plans/plan-offer.schema'
import type { Viewer } from '@promptly/core/identity/user'

/** The user's plan as the pages name it, in the page's language. */
export function planName(t: TFunction<'account'>, plan: Viewer['plan']): string {
  return t(`plan.planNames.${plan}`)
}

/**
 * The names the offers are seeded with. Offer names are the server's (an admin may rename them):
 * a seeded name is shown in the page's language, any other name as the server sends it.
 */
const SEEDED_OFFER_NAMES: ReadonlyMap<string, PlanKey> = new Map([
  ['Credit Top-up', 'TOPUP'],
  ['Monthly', 'MONTHLY'],
  ['Yearly', 'YEARLY'],
])

/**
 * An offer's or a purchase's name, translated when it is one of the seeded names. An everyday text:
 * the generator names the offer that would let a user out of credits go on.
 */
export function offerName(t: TFunction, name: string): string {
  const seeded = SEEDED_OFFER_NAMES.get(name)
  return seeded ? t(`offers.names.${seeded}`) : name
}
