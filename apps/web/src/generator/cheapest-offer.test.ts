import { describe, expect, it } from 'vitest'

import type { PlanOfferView } from '@promptly/api/plans/plan-offer.schema'

import { cheapestFittingOffer } from './cheapest-offer.ts'

const offer = (key: PlanOfferView['key'], priceCents: number, credits: number): PlanOfferView => ({
  key,
  name: key,
  priceCents,
  currency: 'usd',
  credits,
  validityDays: key === 'TOPUP' ? null : 30,
})
const OFFERS = [offer('TOPUP', 499, 100), offer('MONTHLY', 1499, 1000), offer('YEARLY', 9999, 14000)]

describe('the cheapest offer that fits', () => {
  it('is the cheapest the user may buy now: a top-up only while a paid plan runs', () => {
    expect(cheapestFittingOffer({ offers: OFFERS, showTop: false })?.key).toBe('MONTHLY')
    expect(cheapestFittingOffer({ offers: OFFERS, showTop: true })?.key).toBe('TOPUP')
  })

  it('brings at least the credits needed, and more credits break a tie in price', () => {
    expect(cheapestFittingOffer({ offers: OFFERS, showTop: true }, 101)?.key).toBe('MONTHLY')
    expect(
      cheapestFittingOffer({ offers: [offer('MONTHLY', 500, 10), offer('YEARLY', 500, 20)], showTop: false })?.key,
    ).toBe('YEARLY')
    expect(cheapestFittingOffer({ offers: OFFERS, showTop: false }, 20_000)).toBeNull()
    expect(cheapestFittingOffer({ offers: [], showTop: false })).toBeNull()
  })
})
