import { describe, expect, it } from 'vitest'

import { formatCredits, formatPercent, formatSignedCredits, shortId } from './admin-format.ts'
import { ENGLISH_ADMIN_TEXT as text } from './testing/admin-text.ts'

describe('admin formats', () => {
  it('shortens an id to its first block', () => {
    expect(shortId('5f0d7c5e-1b7e-4c43-9a55-3f1f0f0e2a11')).toBe('5f0d7c5e')
    expect(shortId('u_ada')).toBe('u_ada')
  })

  it('signs credit movements', () => {
    expect(formatSignedCredits(text, 1500)).toBe('+1,500')
    expect(formatSignedCredits(text, -2)).toBe('−2')
    expect(formatSignedCredits(text, 0)).toBe('0')
  })

  it('reads rates as percentages with one decimal', () => {
    expect(formatPercent(text, 0)).toBe('0%')
    expect(formatPercent(text, 0.125)).toBe('12.5%')
    expect(formatPercent(text, 1 / 3)).toBe('33.3%')
    expect(formatPercent(text, 1)).toBe('100%')
  })

  it('counts credits in words', () => {
    expect(formatCredits(text, 1)).toBe('1 credit')
    expect(formatCredits(text, 1500)).toBe('1,500 credits')
    expect(formatCredits(text, 0)).toBe('0 credits')
  })
})
