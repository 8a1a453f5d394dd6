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
