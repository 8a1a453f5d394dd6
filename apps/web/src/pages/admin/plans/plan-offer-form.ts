import { z } from 'zod'

import {
  PLAN_CREDITS_MAX,
  PLAN_PRICE_MAX_CENTS,
  PLAN_PRICE_MIN_CENTS,
  PLAN_VALIDITY_MAX_DAYS,
} from '@promptly/api/admin/plans-update.schema'

import { formatPrice } from '../../payment/payment-format.ts'
import { formatCount } from '../admin-format.ts'
import type { PlanOffer, PlanUpdate } from '../admin-types.ts'
import type { NumberField } from '../credits/credit-forms.ts'

/*
 * An offer's edit form: the price is typed in dollars and stored in cents; the limits are the
 * server's own constants. A top-up has no validity of its own (it lasts as long as the buyer's plan).
 */

export interface PlanOfferValues {
  /** Dollars, as typed. */
  price: NumberField
  credits: NumberField
  validityDays: NumberField
  active: boolean
}

/** Dollars to integer cents, without the float error of `19.99 * 100` (1998.9999999999998). */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100)
}

export function centsToDollars(cents: number): number {
  return cents / 100
}

const price = z
  .number({ error: 'Enter a price in dollars' })
  .refine((dollars) => Math.abs(dollars * 100 - dollarsToCents(dollars)) < 1e-6, 'Use at most two decimals (cents)')
  .transform(dollarsToCents)
  .pipe(
    z
      .number()
      .min(PLAN_PRICE_MIN_CENTS, `At least ${formatPrice(PLAN_PRICE_MIN_CENTS, 'usd')}: card payments start there`)
      .max(PLAN_PRICE_MAX_CENTS, `At most ${formatPrice(PLAN_PRICE_MAX_CENTS, 'usd')}`),
  )

const credits = z
  .number({ error: 'Enter how many credits the offer gives' })
  .int('Use a whole number')
  .min(1, 'At least 1 credit')
  .max(PLAN_CREDITS_MAX, `At most ${formatCount(PLAN_CREDITS_MAX)} credits`)

const validityDays = z
  .number({ error: 'Enter for how many days the plan runs' })
  .int('Use a whole number')
  .min(1, 'At least 1 day')
  .max(PLAN_VALIDITY_MAX_DAYS, `At most ${formatCount(PLAN_VALIDITY_MAX_DAYS)} days`)

const topUpForm = z.object({ price, credits, active: z.boolean() })
const planForm = topUpForm.extend({ validityDays })

/** The rules for one offer's form: a plan's validity is checked, a top-up's is not asked for. */
export function planOfferForm(key: PlanOffer['key']) {
  return key === 'TOPUP' ? topUpForm : planForm
}

export function planOfferValues(offer: PlanOffer): PlanOfferValues {
  return {
    price: centsToDollars(offer.priceCents),
    credits: offer.credits,
    validityDays: offer.validityDays ?? '',
    active: offer.active,
  }
}

/** What to send: only the terms that changed (the audit log then says exactly what moved); null if none did. */
export function planChanges(offer: PlanOffer, values: PlanOfferValues): PlanUpdate | null {
  const { price, credits, validityDays, active } =
    offer.key === 'TOPUP' ? { ...topUpForm.parse(values), validityDays: undefined } : planForm.parse(values)
  const changes: PlanUpdate = { key: offer.key }
  if (price !== offer.priceCents) changes.priceCents = price
  if (credits !== offer.credits) changes.credits = credits
  if (validityDays !== undefined && validityDays !== offer.validityDays) changes.validityDays = validityDays
  if (active !== offer.active) changes.active = active
  return Object.keys(changes).length > 1 ? changes : null
}
