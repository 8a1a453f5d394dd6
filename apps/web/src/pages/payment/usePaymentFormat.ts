import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

import type { PurchaseView } from '@promptly/api/payments/history.schema'
import type { PlanOfferView } from '@promptly/api/plans/plan-offer.schema'

import { useFormat } from '../../i18n/useFormat.ts'
import { offerName, planName } from '../plan/plan-names.ts'
import { formatPrice } from './payment-format.ts'

/**
 * Prices, credits, dates, validity and purchase states in the page's language, as the plans,
 * checkout, return and profile pages show them ("$14.99", "1,000 credits" in English).
 */
export function usePaymentFormat() {
  const { t } = useTranslation()
  const format = useFormat()
  return useMemo(
    () => ({
      t,
      ...format,
      /** A price from the server's integer cents, in its currency (the plans are priced in dollars). */
      price: (priceCents: number, currency: string) => formatPrice(priceCents, currency, format.language),
      credits: (credits: number) => t('plan.credits', { count: credits, amount: format.number(credits) }),
      /** How long an offer's credits last: days for a plan, the current plan's end for a top-up. */
      validity: (offer: Pick<PlanOfferView, 'validityDays'>) =>
        offer.validityDays === null
          ? t('plan.card.validUntilPlanEnds')
          : t('plan.card.validFor', { count: offer.validityDays }),
      status: (status: PurchaseView['status']) => t(`plan.purchaseStatus.${status}`),
      planName: (plan: Parameters<typeof planName>[1]) => planName(t, plan),
      offerName: (name: string) => offerName(t, name),
    }),
    [t, format],
  )
}

export type PaymentFormat = ReturnType<typeof usePaymentFormat>
