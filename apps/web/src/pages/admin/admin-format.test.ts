import { describe, expect, it } from 'vitest'

import { formatPercent, formatSignedCredits, ledgerReasonText, shortId } from './admin-format.ts'

describe('admin formats', () => {
  it('shortens an id to its first block', () => {
    expect(shortId('5f0d7c5e-1b7e-4c43-9a55-3f1f0f0e2a11')).toBe('5f0d7c5e')
    expect(shortId('u_ada')).toBe('u_ada')
  })

  it('signs credit movements', () => {
    expect(formatSignedCredits(1500)).toBe('+1,500')
    expect(formatSignedCredits(-2)).toBe('−2')
    expect(formatSignedCredits(0)).toBe('0')
  })

  it('reads rates as percentages with one decimal', () => {
    expect(formatPercent(0)).toBe('0%')
    expect(formatPercent(0.125)).toBe('12.5%')
    expect(formatPercent(1 / 3)).toBe('33.3%')
    expect(formatPercent(1)).toBe('100%')
  })

  it('names the ledger reasons an admin causes', () => {
    expect(ledgerReasonText('admin_topup')).toBe('Added by an admin')
    expect(ledgerReasonText('admin_revoke')).toBe('Revoked by an admin')
  })
})
