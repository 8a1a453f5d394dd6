import { DEFAULT_REFERRAL_DAILY_CAP } from '@promptly/core/credits/plan-rules'

let dailyCap = DEFAULT_REFERRAL_DAILY_CAP

/**
 * Sets the daily cap from REFERRAL_DAILY_CAP, once at start-up (main.ts). A process setting rather
 * than a parameter because a pending referral is paid from inside `markEmailVerified`, which every
 * verification path calls with a transaction alone; the reward functions still take the cap as an
 * argument, defaulting to this, so tests pass their own.
 */
export function configureReferralDailyCap(cap: number): void {
  if (!Number.isInteger(cap) || cap < 0) throw new Error('The referral daily cap must be a whole number, 0 or more')
  dailyCap = cap
}

export function referralDailyCap(): number {
  return dailyCap
}
