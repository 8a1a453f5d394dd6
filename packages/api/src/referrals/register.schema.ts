import { z } from 'zod'

import { REFERRAL_OUTCOMES } from '@promptly/core/credits/referral-rules'

/** `referrerId`: the referrer's user id (Viewer's `id`), as carried by the share link's `reffered`. */
export const registerReferralInput = z.object({ referrerId: z.uuid() })
export type RegisterReferralInput = z.infer<typeof registerReferralInput>

/** `reason` says which rule decided (core/credits/referral-rules.ts); 'pending-verification' may pay later. */
export const registerReferralOutput = z.object({
  rewarded: z.boolean(),
  reason: z.enum(REFERRAL_OUTCOMES),
})
export type RegisterReferralOutput = z.infer<typeof registerReferralOutput>
