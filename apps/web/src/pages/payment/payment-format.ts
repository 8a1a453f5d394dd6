import type { PurchaseView } from '@promptly/api/payments/history.schema'
import type { PlanOfferView } from '@promptly/api/plans/plan-offer.schema'

const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

/** A price from the server's integer cents, in its currency ("$14.99"). */
export function formatPrice(priceCents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    priceCents / 100,
  )
}

export function formatCredits(credits: number): string {
  return `${credits.toLocaleString('en-US')} ${credits === 1 ? 'credit' : 'credits'}`
}

export function formatDay(date: Date): string {
  return dateOnly.format(date)
}

/** How long an offer's credits last: days for a plan, the current plan's end for a top-up. */
export function validityText(offer: Pick<PlanOfferView, 'validityDays'>): string {
  if (offer.validityDays === null) return 'Valid until your plan ends'
  return offer.validityDays === 1 ? 'Valid for 1 day' : `Valid for ${offer.validityDays} days`
}

/** The purchase states a buyer reads in their history and on the return page. */
export const PURCHASE_STATUS_TEXT: Record<PurchaseView['status'], string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  failed: 'Failed',
  expired: 'Not completed',
  refunded: 'Refunded',
}
