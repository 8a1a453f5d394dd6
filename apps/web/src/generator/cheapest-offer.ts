import type { PlanOfferView, PlansListOutput } from '@promptly/api/plans/plan-offer.schema'

/**
 * The cheapest offer the user can buy now that brings at least `needed` credits: a top-up counts
 * only while a paid plan runs (showTop), as the plans page offers it. On equal prices, the one with
 * more credits. Null when nothing fits.
 */
export function cheapestFittingOffer(
  { offers, showTop }: Pick<PlansListOutput, 'offers' | 'showTop'>,
  needed = 1,
): PlanOfferView | null {
  let best: PlanOfferView | null = null
  for (const offer of offers) {
    if ((offer.key === 'TOPUP' && !showTop) || offer.credits < needed) continue
    const cheaper = !best || offer.priceCents < best.priceCents
    const sameButMore = best !== null && offer.priceCents === best.priceCents && offer.credits > best.credits
    if (cheaper || sameButMore) best = offer
  }
  return best
}
