import { describe, expect, it } from 'vitest'

import {
  canBuy,
  effectivePlan,
  planAfterPurchase,
  purchaseValidTill,
  showTopUp,
  TOPUP_GRACE_DAYS,
  type PlanState,
} from './paid-plan.ts'

const now = new Date('2026-11-25T12:00:00Z')
const day = 24 * 60 * 60 * 1000
const at = (days: number) => new Date(now.getTime() + days * day)
const free: PlanState = { plan: 'free', planValidTill: null }
const monthly: PlanState = { plan: 'monthly', planValidTill: at(10) }
const lapsed: PlanState = { plan: 'monthly', planValidTill: at(-1) }
const MONTHLY = { key: 'MONTHLY', validityDays: 30 } as const
const YEARLY = { key: 'YEARLY', validityDays: 365 } as const
const TOPUP = { key: 'TOPUP', validityDays: null } as const

describe('paid plan rules', () => {
  it('offers TOPUP only while a paid plan is valid', () => {
    expect(showTopUp(null, now)).toBe(false)
    expect(showTopUp(free, now)).toBe(false)
    expect(showTopUp(lapsed, now)).toBe(false)
    expect(showTopUp(monthly, now)).toBe(true)
    expect(canBuy(TOPUP, free, now)).toBe(false)
    expect(canBuy(TOPUP, monthly, now)).toBe(true)
    expect(canBuy(MONTHLY, free, now)).toBe(true)
  })

  it('returns to the free plan once the paid plan has ended', () => {
    expect(effectivePlan(lapsed, now)).toBe('free')
    expect(effectivePlan(monthly, now)).toBe('monthly')
  })

  it('runs plans for their days from payment and a TOPUP until the plan ends', () => {
    expect(purchaseValidTill(MONTHLY, free, now)).toEqual(at(30))
    expect(purchaseValidTill(YEARLY, monthly, now)).toEqual(at(365))
    expect(purchaseValidTill(TOPUP, monthly, now)).toEqual(at(10))
    // Paid after the plan lapsed: the credits still last a grace period.
    expect(purchaseValidTill(TOPUP, lapsed, now)).toEqual(at(TOPUP_GRACE_DAYS))
  })

  it('puts the buyer on the plan that ends last; a TOPUP changes no plan', () => {
    expect(planAfterPurchase(free, MONTHLY, at(30), now)).toEqual({ plan: 'monthly', planValidTill: at(30) })
    const yearly: PlanState = { plan: 'yearly', planValidTill: at(200) }
    expect(planAfterPurchase(yearly, MONTHLY, at(30), now)).toEqual(yearly)
    expect(planAfterPurchase(monthly, YEARLY, at(365), now)).toEqual({ plan: 'yearly', planValidTill: at(365) })
    expect(planAfterPurchase(monthly, TOPUP, at(10), now)).toEqual(monthly)
    expect(planAfterPurchase(lapsed, MONTHLY, at(30), now)).toEqual({ plan: 'monthly', planValidTill: at(30) })
  })
})
