import { addDays, REFERRAL_NEW_ACCOUNT_DAYS } from './plan-rules.ts'

/**
 * Whether a referral pays its referrer, and if not, why. Every answer but 'rewarded' is also what
 * the caller is told (`reason`), so each names one rule:
 * - 'self': nobody refers themselves;
 * - 'unknown': the referrer is not an account (decided by the caller, which looks it up);
 * - 'already-rewarded': a visitor pays one referral ever, whoever referred them;
 * - 'not-new': the visitor's account is older than REFERRAL_NEW_ACCOUNT_DAYS, so the link did not
 *   bring them in;
 * - 'pending-verification': the visitor has not proven their e-mail yet; the referral is kept and
 *   decided again when they do (throwaway sign-ups never verify, so they never pay);
 * - 'referrer-unverified': an unverified referrer earns nothing either;
 * - 'daily-cap': the referrer already earned the cap in the last 24 hours.
 */
export const REFERRAL_OUTCOMES = [
  'rewarded',
  'pending-verification',
  'not-new',
  'daily-cap',
  'self',
  'already-rewarded',
  'referrer-unverified',
  'unknown',
] as const
export type ReferralOutcome = (typeof REFERRAL_OUTCOMES)[number]

export interface ReferralFacts {
  referrerId: string
  visitorId: string
  referrerVerified: boolean
  visitorVerified: boolean
  visitorCreatedAt: Date
  /** The visitor already paid a referral (to this referrer or another). */
  visitorAlreadyRewarded: boolean
  /** Referral rewards the referrer earned in the last REFERRAL_CAP_WINDOW_MS. */
  referrerRecentRewards: number
  dailyCap: number
  now: Date
}

/** The rules in the order above; pure, so the handlers only gather facts under their locks. */
export function decideReferral(facts: ReferralFacts): Exclude<ReferralOutcome, 'unknown'> {
  if (facts.referrerId === facts.visitorId) return 'self'
  if (facts.visitorAlreadyRewarded) return 'already-rewarded'
  if (!isNewAccount(facts.visitorCreatedAt, facts.now)) return 'not-new'
  if (!facts.visitorVerified) return 'pending-verification'
  if (!facts.referrerVerified) return 'referrer-unverified'
  if (facts.referrerRecentRewards >= facts.dailyCap) return 'daily-cap'
  return 'rewarded'
}

/** Created within the last REFERRAL_NEW_ACCOUNT_DAYS (an account from the future counts as new). */
export function isNewAccount(createdAt: Date, now: Date): boolean {
  return addDays(createdAt, REFERRAL_NEW_ACCOUNT_DAYS) > now
}
