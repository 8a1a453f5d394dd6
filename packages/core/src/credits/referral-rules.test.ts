import { describe, expect, it } from 'vitest'

import { REFERRAL_NEW_ACCOUNT_DAYS } from './plan-rules.ts'
import { decideReferral, isNewAccount, type ReferralFacts } from './referral-rules.ts'

const DAY = 24 * 60 * 60 * 1000
const now = new Date(Date.UTC(2026, 10, 20, 12))
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY)

const payable: ReferralFacts = {
  referrerId: 'referrer',
  visitorId: 'visitor',
  referrerVerified: true,
  visitorVerified: true,
  visitorCreatedAt: daysAgo(1),
  visitorAlreadyRewarded: false,
  referrerRecentRewards: 0,
  dailyCap: 3,
  now,
}

describe('decideReferral', () => {
  it('rewards a verified new visitor of a verified referrer under the cap', () => {
    expect(decideReferral(payable)).toBe('rewarded')
  })

  it('keeps an unverified visitor pending, and refuses an unverified referrer', () => {
    expect(decideReferral({ ...payable, visitorVerified: false })).toBe('pending-verification')
    expect(decideReferral({ ...payable, referrerVerified: false })).toBe('referrer-unverified')
    // Pending comes first: the referrer may have verified by the time the visitor does.
    expect(decideReferral({ ...payable, visitorVerified: false, referrerVerified: false })).toBe('pending-verification')
  })

  it(`pays only for an account created within ${REFERRAL_NEW_ACCOUNT_DAYS} days, verified or not`, () => {
    expect(decideReferral({ ...payable, visitorCreatedAt: daysAgo(REFERRAL_NEW_ACCOUNT_DAYS - 0.01) })).toBe('rewarded')
    expect(decideReferral({ ...payable, visitorCreatedAt: daysAgo(REFERRAL_NEW_ACCOUNT_DAYS) })).toBe('not-new')
    expect(decideReferral({ ...payable, visitorCreatedAt: daysAgo(30), visitorVerified: false })).toBe('not-new')
  })

  it('pays once per visitor and never for oneself', () => {
    expect(decideReferral({ ...payable, visitorAlreadyRewarded: true })).toBe('already-rewarded')
    expect(decideReferral({ ...payable, visitorId: 'referrer' })).toBe('self')
  })

  it('stops at the daily cap it is given', () => {
    expect(decideReferral({ ...payable, referrerRecentRewards: 2 })).toBe('rewarded')
    expect(decideReferral({ ...payable, referrerRecentRewards: 3 })).toBe('daily-cap')
    expect(decideReferral({ ...payable, referrerRecentRewards: 0, dailyCap: 0 })).toBe('daily-cap')
  })
})

describe('isNewAccount', () => {
  it('counts an account as new for exactly the window', () => {
    expect(isNewAccount(daysAgo(0), now)).toBe(true)
    expect(isNewAccount(new Date(now.getTime() - REFERRAL_NEW_ACCOUNT_DAYS * DAY + 1), now)).toBe(true)
    expect(isNewAccount(daysAgo(REFERRAL_NEW_ACCOUNT_DAYS), now)).toBe(false)
  })
})
