import { describe, expect, it } from 'vitest'

import { acceptedLanguages, chooseLanguage, languageCookie, languageInCookies, negotiateLanguage } from './languages.ts'

describe('acceptedLanguages', () => {
  it('orders tags by quality, then as written, and drops refused ones', () => {
    expect(acceptedLanguages('fr;q=0.5, ar-EG, es;q=0.9, hi;q=0, *;q=0.1')).toEqual(['ar-EG', 'es', 'fr'])
  })

  it('reads nothing from a missing or empty header', () => {
    expect(acceptedLanguages(undefined)).toEqual([])
    expect(acceptedLanguages('')).toEqual([])
  })
})

describe('negotiateLanguage', () => {
  it('takes the first supported language, regional variants included', () => {
    expect(negotiateLanguage(['fr-FR', 'es-MX', 'en'])).toBe('es')
    expect(negotiateLanguage(['HI-in'])).toBe('hi')
  })

  it('falls back to English', () => {
    expect(negotiateLanguage(['fr', 'de'])).toBe('en')
    expect(negotiateLanguage([])).toBe('en')
  })
})

describe('chooseLanguage', () => {
  it('prefers the remembered choice over the browser', () => {
    expect(chooseLanguage('theme=dark; lang=ar', ['es'])).toBe('ar')
  })

  it('ignores a cookie naming an unsupported language', () => {
    expect(languageInCookies('lang=xx')).toBeUndefined()
    expect(chooseLanguage('lang=<script>', ['hi'])).toBe('hi')
  })

  it('writes a cookie it can read back', () => {
    expect(languageInCookies(languageCookie('es').split(';')[0])).toBe('es')
  })
})
