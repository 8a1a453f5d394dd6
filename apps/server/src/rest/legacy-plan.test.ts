import { describe, expect, it } from 'vitest'

import type { PurchaseView } from '@promptly/api/payments/history.schema'

import { legacyProduct, toLegacyOffer, toLegacyPurchase } from './legacy-plan.ts'

describe('toLegacyOffer', () => {
  it('adds expairy (days), price (dollars) and limit (credits) beside the current fields', () => {
    const offer = {
      key: 'MONTHLY',
      name: 'Monthly',
      priceCents: 1499,
      currency: 'usd',
      credits: 1000,
      validityDays: 30,
    }
    expect(toLegacyOffer({ ...offer, key: 'MONTHLY' })).toEqual({ ...offer, expairy: 30, price: 14.99, limit: 1000 })
  })

  it("writes TOPUP's validity as the original did: -1, until the current paid plan ends", () => {
    const topUp = { key: 'TOPUP', name: 'Top-up', priceCents: 499, currency: 'usd', credits: 100, validityDays: null }
    expect(toLegacyOffer({ ...topUp, key: 'TOPUP' })).toMatchObject({ expairy: -1, price: 4.99, limit: 100 })
  })
})

describe('toLegacyPurchase', () => {
  it('adds price (dollars) and creditOptained (credits)', () => {
    const purchase: PurchaseView = {
      id: '4f7c1f7e-8b8e-4a43-9d3f-2d8f5d1d9a10',
      plan: 'YEARLY',
      name: 'Yearly',
      createdAt: new Date('2026-01-02T03:04:05Z'),
      validTill: null,
      priceCents: 14999,
      currency: 'usd',
      credits: 14000,
      status: 'pending',
      paidAt: null,
      refundedCredits: 0,
    }
    expect(toLegacyPurchase(purchase)).toEqual({ ...purchase, price: 149.99, creditOptained: 14000 })
  })
})

describe('legacyProduct', () => {
  it.each([
    ['MONTHLY', 'MONTHLY'],
    ['MONTLY', 'MONTHLY'],
    [' yearly ', 'YEARLY'],
    [{ name: 'MONTLY', limit: 200, expairy: 30, price: 20 }, 'MONTHLY'],
    [{ name: 'topup', price: 10 }, 'TOPUP'],
    [{ key: 'YEARLY', priceCents: 1 }, 'YEARLY'],
    [{ key: 'YEARLY', name: 'MONTLY' }, 'YEARLY'],
    [{ key: 'GOLD', name: 'MONTLY' }, 'MONTHLY'],
  ])('reads %j as %s, and nothing else of it', (product, plan) => {
    expect(legacyProduct.parse(product)).toBe(plan)
  })

  it.each([['GOLD'], [{ name: 'GOLD' }], [{ price: 1 }], [42], [null], ['']])(
    'refuses %j, saying what to send',
    (product) => {
      const result = legacyProduct.safeParse(product)
      expect(result.success).toBe(false)
      expect(result.error?.issues[0]?.message).toMatch(/^Choose a plan: TOPUP, MONTHLY \(or MONTLY\) or YEARLY/)
    },
  )
})
