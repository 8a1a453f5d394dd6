import { describe, expect, it } from 'vitest'

import { formatCredits, formatPrice, validityText } from './payment-format.ts'

describe('payment formatting', () => {
  it('shows integer cents as dollars in the offer currency', () => {
    expect(formatPrice(1499, 'usd')).toBe('$14.99')
    expect(formatPrice(14999, 'usd')).toBe('$149.99')
    expect(formatPrice(500, 'usd')).toBe('$5.00')
    expect(formatPrice(1000, 'eur')).toBe('€10.00')
  })

  it('groups credit amounts and says credit in the singular for one', () => {
    expect(formatCredits(14000)).toBe('14,000 credits')
    expect(formatCredits(1)).toBe('1 credit')
  })

  it('says how long credits last, and that a top-up ends with the plan', () => {
    expect(validityText({ validityDays: 30 })).toBe('Valid for 30 days')
    expect(validityText({ validityDays: 1 })).toBe('Valid for 1 day')
    expect(validityText({ validityDays: null })).toBe('Valid until your plan ends')
  })
})
