import { z } from 'zod'

import {
  PLAN_CREDITS_MAX,
  PLAN_PRICE_MAX_CENTS,
  PLAN_PRICE_MIN_CENTS,
  PLAN_VALIDITY_MAX_DAYS,
} from '@promptly/api/admin/plans-update.schema'

import { formatMoney } from '../admin-format.ts'
import type { PlanOffer, PlanUpdate } from '../admin-types.ts'
import type { NumberField } from '../credits/credit-forms.ts'
import type { AdminText } from '../useAdminText.ts'

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

/** Both kinds of offer's rules, their messages in the page's language. */
function offerRules(text: AdminText) {
  const { t, format } = text
  const price = z
    .number({ error: t('admin.plans.errors.priceMissing') })
    .refine((dollars) => Math.abs(dollars * 100 - dollarsToCents(dollars)) < 1e-6, t('admin.plans.errors.priceCents'))
    .transform(dollarsToCents)
    .pipe(
      z
        .number()
        .min(
          PLAN_PRICE_MIN_CENTS,
          t('admin.plans.errors.priceTooLow', { min: formatMoney(text, PLAN_PRICE_MIN_CENTS, 'usd') }),
        )
        .max(
          PLAN_PRICE_MAX_CENTS,
          t('admin.plans.errors.priceTooHigh', { max: formatMoney(text, PLAN_PRICE_MAX_CENTS, 'usd') }),
        ),
    )
  const credits = z
    .number({ error: t('admin.plans.errors.creditsMissing') })
    .int(t('admin.plans.errors.wholeNumber'))
    .min(1, t('admin.plans.errors.creditsTooFew'))
    .max(PLAN_CREDITS_MAX, t('admin.plans.errors.creditsTooMany', { max: format.number(PLAN_CREDITS_MAX) }))
  const topUpForm = z.object({ price, credits, active: z.boolean() })
  const validityDays = z
    .number({ error: t('admin.plans.errors.daysMissing') })
    .int(t('admin.plans.errors.wholeNumber'))
    .min(1, t('admin.plans.errors.daysTooFew'))
    .max(PLAN_VALIDITY_MAX_DAYS, t('admin.plans.errors.daysTooMany', { max: format.number(PLAN_VALIDITY_MAX_DAYS) }))
  return { topUpForm, planForm: topUpForm.extend({ validityDays }) }
}

/** The rules for one offer's form: a plan's validity is checked, a top-up's is not asked for. */
export function planOfferForm(text: AdminText, key: PlanOffer['key']) {
  const { topUpForm, planForm } = offerRules(text)
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
export function planChanges(text: AdminText, offer: PlanOffer, values: PlanOfferValues): PlanUpdate | null {
  const { topUpForm, planForm } = offerRules(text)
  const { price, credits, validityDays, active } =
    offer.key === 'TOPUP' ? { ...topUpForm.parse(values), validityDays: undefined } : planForm.parse(values)
  const changes: PlanUpdate = { key: offer.key }
  if (price !== offer.priceCents) changes.priceCents = price
  if (credits !== offer.credits) changes.credits = credits
  if (validityDays !== undefined && validityDays !== offer.validityDays) changes.validityDays = validityDays
  if (active !== offer.active) changes.active = active
  return Object.keys(changes).length > 1 ? changes : null
}
