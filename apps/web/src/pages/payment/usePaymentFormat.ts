import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

import type { PurchaseView } from '@promptly/api/payments/history.schema'
import type { PlanOfferView } from '@promptly/api/plans/plan-offer.schema'

import { useFormat } from '../../i18n/useFormat.ts'
import { offerName, planName } from '../plan/plan-names.ts'
import { formatPrice } from './payment-format.ts'

/**
 * An offer's price, credits and name in the page's language ("$14.99", "1,000 credits" in English),
 * in everyday texts only: the generator shows them too, without the account pages' texts.
 */
export function useOfferFormat() {
  const { t } = useTranslation()
  const format = useFormat()
  return useMemo(
    () => ({
      ...format,
      /** A price from the server's integer cents, in its currency (the plans are priced in dollars). */
      price: (priceCents: number, currency: string) => formatPrice(priceCents, currency, format.language),
      credits: (credits: number) => t('offers.credits', { count: credits, amount: format.number(credits) }),
      offerName: (name: string) => offerName(t, name),
    }),
    [t, format],
  )
}

/**
 * Prices, credits, dates, validity and purchase states in the page's language, as the plans,
 * checkout, return and profile pages show them.
 */
export function usePaymentFormat() {
  const { t } = useTranslation('account')
  const offerFormat = useOfferFormat()
  return useMemo(
    () => ({
      t,
      ...offerFormat,
      /** How long an offer's credits last: days for a plan, the current plan's end for a top-up. */
      validity: (offer: Pick<PlanOfferView, 'validityDays'>) =>
        offer.validityDays === null
          ? t('plan.card.validUntilPlanEnds')
          : t('plan.card.validFor', { count: offer.validityDays }),
      status: (status: PurchaseView['status']) => t(`plan.purchaseStatus.${status}`),
      planName: (plan: Parameters<typeof planName>[1]) => planName(t, plan),
    }),
    [t, offerFormat],
  )
}

export type PaymentFormat = ReturnType<typeof usePaymentFormat>
