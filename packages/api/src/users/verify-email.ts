import { TRIAL_CREDITS, trialEndsAt } from '@promptly/core/credits/plan-rules'
import type { Prisma } from '@promptly/db/client'
import type { User } from '@promptly/db/generated/prisma/client'

import { grantCredits } from '../credits/grant-credits.ts'
import { rewardPendingReferral } from '../referrals/reward-referral.ts'
import type { Telemetry } from '../telemetry/telemetry.ts'

/**
 * Marks the account's address as proven and, the first time, starts its 7-day trial with the
 * trial grant. Both identity providers come through here: the local verification link and a Clerk
 * sign-in whose primary address Clerk has verified.
 *
 * Safe to call twice or concurrently: the row lock serialises callers, and the ledger's unique
 * (user, 'trial', user id) key means the trial can never be granted twice.
 *
 * `referralDailyCap` is the operator's REFERRAL_DAILY_CAP (the context's `referralDailyCap`): a
 * pending referral reward is paid only under it. What is granted is reported to `telemetry`.
 */
export async function markEmailVerified(
  tx: Prisma.TransactionClient,
  userId: string,
  {
    referralDailyCap,
    now = new Date(),
    telemetry,
  }: { referralDailyCap: number; now?: Date; telemetry?: Pick<Telemetry, 'creditsMoved'> },
): Promise<User> {
  await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId}::uuid FOR UPDATE`
  const user = await tx.user.findUniqueOrThrow({ where: { id: userId } })
  if (user.emailVerifiedAt) return user
  const trialAlreadyGranted = await tx.creditEntry.findUnique({
    where: { userId_reason_reference: { userId, reason: 'trial', reference: userId } },
    select: { id: true },
  })
  const startsTrial = !trialAlreadyGranted && user.plan === 'free'
  await tx.user.update({
    where: { id: userId },
    data: { emailVerifiedAt: now, ...(startsTrial ? { trialEndsAt: trialEndsAt(now) } : {}) },
  })
  if (startsTrial) {
    const trial = { userId, amount: TRIAL_CREDITS, reason: 'trial' as const, reference: userId }
    await grantCredits(tx, { ...trial, expiresAt: trialEndsAt(now) }, telemetry)
  }
  // A share link this account arrived through before it was verified pays its referrer now, if the rules allow.
  await rewardPendingReferral(tx, userId, { dailyCap: referralDailyCap, now, telemetry })
  return tx.user.findUniqueOrThrow({ where: { id: userId } })
}
