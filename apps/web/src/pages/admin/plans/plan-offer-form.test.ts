import { describe, expect, it } from 'vitest'

import { PLAN_OFFERS } from '../testing/admin-fixtures.ts'
import { ENGLISH_ADMIN_TEXT as text } from '../testing/admin-text.ts'
import { dollarsToCents, planChanges, planOfferForm, planOfferValues } from './plan-offer-form.ts'

const [TOPUP, MONTHLY] = PLAN_OFFERS as [(typeof PLAN_OFFERS)[number], (typeof PLAN_OFFERS)[number]]

function messages(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]))
}

describe('the plan offer form', () => {
  it('turns dollars into whole cents without float error', () => {
    expect(dollarsToCents(19.99)).toBe(1999)
    expect(dollarsToCents(0.5)).toBe(50)
    expect(dollarsToCents(149.99)).toBe(14999)
  })

  it('shows the stored cents as dollars', () => {
    expect(planOfferValues(MONTHLY)).toEqual({ price: 14.99, credits: 1000, validityDays: 30, active: true })
    expect(planOfferValues(TOPUP).validityDays).toBe('')
  })

  it('sends only what changed, the price in cents', () => {
    const values = { ...planOfferValues(MONTHLY), price: 19.99, active: false }
    expect(planChanges(text, MONTHLY, values)).toEqual({ key: 'MONTHLY', priceCents: 1999, active: false })
    expect(planChanges(text, MONTHLY, planOfferValues(MONTHLY))).toBeNull()
  })

  it('never sends a validity for a top-up', () => {
    expect(planChanges(text, TOPUP, { ...planOfferValues(TOPUP), credits: 150, validityDays: 9 })).toEqual({
      key: 'TOPUP',
      credits: 150,
    })
  })

  it('explains what it refuses', () => {
    const form = planOfferForm(text, 'MONTHLY')
    expect(messages(form.safeParse({ price: 0.2, credits: 0, validityDays: '', active: true }))).toEqual({
      price: 'At least $0.50: card payments start there',
      credits: 'At least 1 credit',
      validityDays: 'Enter for how many days the plan runs',
    })
    expect(messages(form.safeParse({ price: 1.999, credits: 1.5, validityDays: 3651, active: true }))).toEqual({
      price: 'Use at most two decimals (cents)',
      credits: 'Use a whole number',
      validityDays: 'At most 3,650 days',
    })
    expect(messages(form.safeParse({ price: '', credits: 10, validityDays: 30, active: true }))).toEqual({
      price: 'Enter a price in dollars',
    })
  })
})
