/** Every new account starts on the free plan with a trial grant (spec section 9, design card). */
export const TRIAL_DAYS = 7
export const TRIAL_CREDITS = 30
export const REFERRAL_REWARD = 50

const DAY_MS = 24 * 60 * 60 * 1000

export function trialEndsAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + TRIAL_DAYS * DAY_MS)
}

export function addDays(from: Date, days: number): Date {
  return new Date(from.getTime() + days * DAY_MS)
}

/**
 * Most referral rewards one referrer can earn in any 24 hours, unless REFERRAL_DAILY_CAP says
 * otherwise: sharing pays, but a farm of fresh accounts cannot mint credits without limit.
 */
export const DEFAULT_REFERRAL_DAILY_CAP = 3
export const REFERRAL_CAP_WINDOW_MS = DAY_MS
/** A visitor pays their referrer only while their account is this new (an old account was not brought in). */
export const REFERRAL_NEW_ACCOUNT_DAYS = 7
