import { describe, expect, it } from 'vitest'

import { lapsedGrantBalances, refundLapses, type LedgerEntryFacts, type LedgerReason } from './grant-expiry.ts'

const DAY = 24 * 60 * 60 * 1000
const start = Date.UTC(2026, 10, 1)
const day = (n: number) => new Date(start + n * DAY)

/** A ledger written in order, one entry per line: [day, reason, amount, reference?, expires-on-day?]. */
function ledger(lines: [number, LedgerReason, number, string?, number?][]): LedgerEntryFacts[] {
  return lines.map(([on, reason, amount, reference, expiresOn], index) => ({
    id: `e${index}`,
    amount,
    reason,
    reference: reference ?? `ref${index}`,
    createdAt: day(on),
    expiresAt: expiresOn === undefined ? null : day(expiresOn),
  }))
}

describe('lapsedGrantBalances', () => {
  it('expires the unspent part of the trial once its 7 days are over', () => {
    const entries = ledger([
      [0, 'trial', 30, 'trial', 7],
      [1, 'generation', -1, 'g1'],
      [2, 'generation', -4, 'g2'],
    ])
    expect(lapsedGrantBalances(entries, day(6))).toEqual(new Map())
    expect(lapsedGrantBalances(entries, day(7))).toEqual(new Map([['e0', 25]]))
  })

  it('gives a refunded charge back to the grant that paid it', () => {
    const entries = ledger([
      [0, 'trial', 30, 'trial', 7],
      [1, 'generation', -3, 'g1'],
      [1, 'refund', 3, 'g1'],
      [2, 'generation', -1, 'g2'],
    ])
    expect(lapsedGrantBalances(entries, day(8)).get('e0')).toBe(29)
  })

  it('spends the grant that expires soonest first, whatever the order they came in', () => {
    const entries = ledger([
      [0, 'purchase', 100, 'p-long', 60],
      [1, 'admin_topup', 10, 'a-short', 5],
      [2, 'generation', -12, 'g1'],
    ])
    // The 10 short-lived credits paid first, then 2 of the purchase's.
    expect(lapsedGrantBalances(entries, day(5)).get('e1')).toBe(0)
    expect(lapsedGrantBalances(entries, day(60)).get('e0')).toBe(98)
  })

  it('keeps never-expiring credits (referrals) for last', () => {
    const entries = ledger([
      [0, 'referral', 50, 'r1'],
      [0, 'trial', 30, 'trial', 7],
      [1, 'generation', -40, 'g1'],
    ])
    expect(lapsedGrantBalances(entries, day(7))).toEqual(new Map([['e1', 0]]))
  })

  it('does not let a charge made after a grant lapsed be paid from it', () => {
    const entries = ledger([
      [0, 'trial', 30, 'trial', 7],
      [0, 'referral', 50, 'r1'],
      [8, 'generation', -5, 'g1'],
    ])
    expect(lapsedGrantBalances(entries, day(8)).get('e0')).toBe(30)
  })

  it('counts a charge the running grants could not cover as paid from a lapsed grant not yet expired', () => {
    // Written before spends expired due grants themselves: the balance still held the trial's 30.
    const entries = ledger([
      [0, 'trial', 30, 'trial', 7],
      [0, 'referral', 2, 'r1'],
      [8, 'generation', -5, 'g1'],
    ])
    // The referral's 2 first (it was running), then 3 of the lapsed trial's.
    expect(lapsedGrantBalances(entries, day(8)).get('e0')).toBe(27)
  })

  it('leaves out grants that already have their expiry entry', () => {
    const entries = ledger([
      [0, 'trial', 30, 'trial', 7],
      [7, 'expiry', -30, 'e0'],
    ])
    expect(lapsedGrantBalances(entries, day(9))).toEqual(new Map())
  })

  it('counts legacy usage charges like generations', () => {
    const entries = ledger([
      [0, 'trial', 30, 'trial', 7],
      [1, 'usage', -1, 'u1'],
      [1, 'usage', -1, 'u2'],
    ])
    expect(lapsedGrantBalances(entries, day(7)).get('e0')).toBe(28)
  })
})

describe('refundLapses', () => {
  it('gives nothing to lapse while the grants that paid are running, or lapsed without their expiry entry yet', () => {
    const entries = ledger([
      [0, 'trial', 30, 'trial', 7],
      [6, 'generation', -2, 'g1'],
    ])
    // At day 8 the trial has lapsed but the sweeper has not written it: its expiry will count the refund.
    expect(refundLapses(entries, 'g1')).toEqual([])
  })

  it('lapses again what goes back to a grant whose expiry entry is written', () => {
    const entries = ledger([
      [0, 'trial', 30, 'trial', 7],
      [6, 'generation', -1, 'g1'],
      [7, 'expiry', -29, 'e0'],
    ])
    expect(refundLapses(entries, 'g1')).toEqual([{ grantId: 'e0', amount: 1, reference: 'e0/refund/g1' }])
  })

  it("lapses only the expired grant's part of a charge two grants paid", () => {
    const entries = ledger([
      [0, 'trial', 30, 'trial', 7],
      [0, 'referral', 50, 'r1'],
      [6, 'generation', -32, 'g1'],
      [7, 'expiry', 0, 'e0'],
    ])
    // The trial paid 30, the referral (never expiring) 2: only the trial's 30 lapse.
    expect(refundLapses(entries, 'g1')).toEqual([{ grantId: 'e0', amount: 30, reference: 'e0/refund/g1' }])
  })

  it('lapses again the part of a charge that a lapsed grant paid before its expiry entry was written', () => {
    const entries = ledger([
      [0, 'trial', 30, 'trial', 7],
      [8, 'generation', -3, 'g1'],
      [9, 'expiry', -27, 'e0'],
    ])
    // Not "3 of 0" after the refund: the 3 were the lapsed trial's.
    expect(refundLapses(entries, 'g1')).toEqual([{ grantId: 'e0', amount: 3, reference: 'e0/refund/g1' }])
  })

  it("reads a lapse entry as part of its grant's expiry when replaying later", () => {
    const entries = ledger([
      [0, 'trial', 30, 'trial', 7],
      [6, 'generation', -1, 'g1'],
      [7, 'expiry', -29, 'e0'],
      [8, 'refund', 1, 'g1'],
      [8, 'expiry', -1, 'e0/refund/g1'],
    ])
    expect(lapsedGrantBalances(entries, day(9))).toEqual(new Map())
    expect(refundLapses(entries, 'unknown')).toEqual([])
  })
})
