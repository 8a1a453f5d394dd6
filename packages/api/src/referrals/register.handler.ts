import { REFERRAL_CAP_WINDOW_MS, REFERRAL_DAILY_CAP, REFERRAL_REWARD } from '@promptly/core/credits/plan-rules'
import type { Db } from '@promptly/db/client'
import type { AuthedContext } from '../context.ts'
import { grantCredits } from '../credits/ledger.ts'
import type { ReferralOutcome, RegisterReferralInput, RegisterReferralOutput } from './register.schema.ts'

/**
 * `referrals.register` (issue 4, Sharing and referral): the signed-in caller opened a link shared
 * by `referrerId`. The referrer earns REFERRAL_REWARD credits once per visitor, at most
 * REFERRAL_DAILY_CAP times in any 24 hours; self-referral, an unknown id and a repeat earn nothing.
 */
export async function registerReferral({ ctx, input }: { ctx: AuthedContext; input: RegisterReferralInput }): Promise<RegisterReferralOutput> {
  return outcome(await rewardReferral(ctx.db, { referrerId: input.referrerId, visitorId: ctx.user.id }))
}

/**
 * The rule, in one transaction that starts by locking the referrer's user row (`FOR UPDATE`): two
 * visitors registering for the same referrer at once are serialised, so the cap cannot be passed;
 * the same visitor twice at once cannot be paid twice (the second finds the first's Referral row,
 * and the (referrer, visitor) unique key backs that up). Under PostgreSQL's read committed each
 * statement after the lock sees what the previous holder committed.
 */
export async function rewardReferral(db: Db, { referrerId, visitorId }: { referrerId: string; visitorId: string }, now = new Date()): Promise<ReferralOutcome> {
  if (referrerId === visitorId) return 'self'
  try {
    return await db.$transaction(async (tx) => {
      const referrer = await tx.$queryRaw<Array<{ id: string }>>`SELECT id::text AS id FROM users WHERE id = ${referrerId}::uuid FOR UPDATE`
      if (referrer.length === 0) return 'unknown'
      const earlier = await tx.referral.findUnique({ where: { referrerId_visitorId: { referrerId, visitorId } }, select: { id: true } })
      if (earlier) return 'repeat'
      const recent = await tx.referral.count({ where: { referrerId, createdAt: { gt: new Date(now.getTime() - REFERRAL_CAP_WINDOW_MS) } } })
      if (recent >= REFERRAL_DAILY_CAP) return 'daily_cap'
      const referral = await tx.referral.create({ data: { referrerId, visitorId, createdAt: now }, select: { id: true } })
      await grantCredits(tx, { userId: referrerId, amount: REFERRAL_REWARD, reason: 'referral', reference: referral.id })
      return 'rewarded'
    })
  } catch (error) {
    // A concurrent registration of the same pair committed first: the whole transaction rolled back.
    if (isUniqueViolation(error)) return 'repeat'
    throw error
  }
}

function outcome(reason: ReferralOutcome): RegisterReferralOutput {
  return { rewarded: reason === 'rewarded', reason }
}

/** Prisma's P2002: a unique constraint refused the row. */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'P2002'
}
