import { z } from 'zod'

/** `referrerId`: the referrer's user id (Viewer's `id`), as carried by the share link's `reffered`. */
export const registerReferralInput = z.object({ referrerId: z.uuid() })
export type RegisterReferralInput = z.infer<typeof registerReferralInput>

export const REFERRAL_OUTCOMES = ['rewarded', 'self', 'unknown', 'repeat', 'daily_cap'] as const
export type ReferralOutcome = (typeof REFERRAL_OUTCOMES)[number]

export const registerReferralOutput = z.object({
  rewarded: z.boolean(),
  reason: z.enum(REFERRAL_OUTCOMES),
})
export type RegisterReferralOutput = z.infer<typeof registerReferralOutput>
