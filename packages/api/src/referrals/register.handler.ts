import type { AuthedContext } from '../context.ts'
import type { RegisterReferralInput, RegisterReferralOutput } from './register.schema.ts'
import { rewardReferral } from './reward-referral.ts'

/**
 * `referrals.register`: the signed-in caller opened a link shared by `referrerId`. The rules
 * (core/credits/referral-rules.ts) and their locking live in reward-referral.ts; `reason` tells the
 * caller which rule decided.
 */
export async function registerReferral({
  ctx,
  input,
}: {
  ctx: AuthedContext
  input: RegisterReferralInput
}): Promise<RegisterReferralOutput> {
  const reason = await rewardReferral(
    ctx.db,
    { referrerId: input.referrerId, visitorId: ctx.user.id },
    { dailyCap: ctx.referralDailyCap, telemetry: ctx.telemetry },
  )
  return { rewarded: reason === 'rewarded', reason }
}
