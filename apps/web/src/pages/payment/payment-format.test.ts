import { renderHook } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it } from 'vitest'

import { testI18n } from '../../i18n/testing.ts'
import { formatPrice } from './payment-format.ts'
import { usePaymentFormat } from './usePaymentFormat.ts'

const wrapper = ({ children }: { children: ReactNode }) => createElement(I18nextProvider, { i18n: testI18n }, children)
const english = () => renderHook(() => usePaymentFormat(), { wrapper }).result.current

describe('payment formatting', () => {
  it('shows integer cents as dollars in the offer currency', () => {
    expect(formatPrice(1499, 'usd')).toBe('$14.99')
    expect(formatPrice(14999, 'usd')).toBe('$149.99')
    expect(formatPrice(500, 'usd')).toBe('$5.00')
    expect(formatPrice(1000, 'eur')).toBe('€10.00')
    expect(formatPrice(1499, 'usd', 'es')).toMatch(/^14,99\sUS\$$/)
  })

  it('shows prices the same way in the page language', () => {
    const format = english()
    expect(format.price(1499, 'usd')).toBe('$14.99')
    expect(format.price(1000, 'eur')).toBe('€10.00')
  })

  it('groups credit amounts and says credit in the singular for one', () => {
    const format = english()
    expect(format.credits(14000)).toBe('14,000 credits')
    expect(format.credits(1)).toBe('1 credit')
  })

  it('says how long credits last, and that a top-up ends with the plan', () => {
    const format = english()
    expect(format.validity({ validityDays: 30 })).toBe('Valid for 30 days')
    expect(format.validity({ validityDays: 1 })).toBe('Valid for 1 day')
    expect(format.validity({ validityDays: null })).toBe('Valid until your plan ends')
  })

  it('names seeded offers in the page language and shows any other name as sent', () => {
    const format = english()
    expect(format.offerName('Monthly')).toBe('Monthly')
    expect(format.offerName('Credit Top-up')).toBe('Credit Top-up')
    expect(format.offerName('Black Friday pack')).toBe('Black Friday pack')
    expect(format.planName('free')).toBe('Free trial')
    expect(format.status('expired')).toBe('Not completed')
  })
})
