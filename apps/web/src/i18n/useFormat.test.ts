import { describe, expect, it } from 'vitest'

import { LANGUAGE_CODES } from '@promptly/core/web/languages'

import { formatsFor } from './useFormat.ts'

describe('formatsFor', () => {
  it('writes every number as Intl does, in every language', () => {
    const samples = [0, 1, 7, 10, 99, 100, 999, 1000, 1234, 20000, 1234567, -5, 2.5, 0.75]
    for (const language of LANGUAGE_CODES) {
      const intl = new Intl.NumberFormat(language)
      const { number } = formatsFor(language)
      for (let value = 0; value < 1000; value++) expect(number(value)).toBe(intl.format(value))
      for (const value of samples) expect(number(value)).toBe(intl.format(value))
    }
  })

  it('writes dates and prices in the language', () => {
    const when = Date.UTC(2026, 10, 26, 18, 30)
    for (const language of LANGUAGE_CODES) {
      const format = formatsFor(language)
      expect(format.date(when)).toBe(new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(when))
      expect(format.dateTime(new Date(when))).toBe(
        new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(when),
      )
      expect(format.dollars(9.99)).toBe(
        new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(9.99),
      )
    }
    expect(formatsFor('es').number(1234)).toBe('1234')
    expect(formatsFor('es').number(12345)).toBe('12.345')
  })
})
