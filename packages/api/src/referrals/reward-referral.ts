import { REFERRAL_CAP_WINDOW_MS, REFERRAL_REWARD } from '@promptly/core/credits/plan-rules'
import { decideReferral, type ReferralOutcome } from '@promptly/core/credits/referral-rules'
import type { Db, Prisma } from '@promptly/db/client'

import { grantCredits } from '../credits/grant-credits.ts'
import type { Telemetry } from '../telemetry/telemetry.ts'

type Tx = Prisma.TransactionClient

/** What a reward is judged by: the operator's cap (REFERRAL_DAILY_CAP, from the context) and the time. */
export interface ReferralTerms {
  /** Most rewards one referrer earns in any 24 hours. */
  dailyCap: number
  now?: Date
  /** Where a reward paid is reported (the context's telemetry); nowhere when absent. */
  telemetry?: Pick<Telemetry, 'creditsMoved'>
}

/*
 * Why these are safe under concurrency. Each transaction locks (`FOR UPDATE`) the visitor's user
 * row first, then the referrer's, and only then reads the facts the rules need; under PostgreSQL's
 * read committed every statement after a lock wait sees what the previous holder committed.
 * - The visitor's lock serialises everything about one visitor (two registrations, a registration
 *   and their verification), so a visitor can never pay twice, whoever referred them; the
 *   (referrer, visitor) unique key also refuses a second Referral row for the same pair.
 * - The referrer's lock serialises every reward to one referrer, so counting the rewards of the
 *   last 24 hours and paying are one step: concurrent verifications cannot pass the cap.
 * Visitor then referrer is the order `markEmailVerified` imposes (it holds the visitor's row when
 * it pays a pending referral). Two accounts that referred each other and verify at the same
 * instant take the two rows in opposite roles: PostgreSQL detects that deadlock and fails one
 * verification, which the user repeats; nothing is paid twice or lost.
 */

/**
 * A signed-in visitor arrived through `referrerId`'s share link. A verified new visitor pays the
 * referrer REFERRAL_REWARD credits now; an unverified new one is recorded as a pending referral that
 * `rewardPendingReferral` pays when they verify. Every other outcome records nothing, so a visit
 * refused for the cap can count on a later visit. Returns the rule that decided.
 */
export async function rewardReferral(
  db: Db,
  { referrerId, visitorId }: { referrerId: string; visitorId: string },
  { dailyCap, now = new Date(), telemetry }: ReferralTerms,
): Promise<ReferralOutcome> {
  if (referrerId === visitorId) return 'self'
  return db.$transaction(async (tx) => {
    const visitor = await lockAccount(tx, visitorId)
    const referrer = await lockAccount(tx, referrerId)
    if (!visitor || !referrer) return 'unknown'
    const outcome = await decide(tx, visitor, referrer, now, dailyCap)
    if (outcome !== 'rewarded' && outcome !== 'pending-verification') return outcome
    const recorded = await tx.referral.findUnique({
      where: { referrerId_visitorId: { referrerId, visitorId } },
      select: { id: true },
    })
    const referral =
      recorded ?? (await tx.referral.create({ data: { referrerId, visitorId, createdAt: now }, select: { id: true } }))
    if (outcome === 'rewarded') await pay(tx, { referrerId, referralId: referral.id, now, telemetry })
    return outcome
  })
}

/**
 * The visitor has just verified their address (called by `markEmailVerified`, inside its
 * transaction): pays the oldest of their pending referrals that the rules allow now. Returns what
 * decided the last referral looked at, or null when the visitor had none.
 */
export async function rewardPendingReferral(
  tx: Tx,
  visitorId: string,
  { dailyCap, now = new Date(), telemetry }: ReferralTerms,
): Promise<ReferralOutcome | null> {
  const visitor = await lockAccount(tx, visitorId)
  if (!visitor) return null
  const referrals = await tx.referral.findMany({
    where: { visitorId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, referrerId: true },
  })
  let last: ReferralOutcome | null = null
  for (const { id, referrerId } of referrals) {
    const referrer = await lockAccount(tx, referrerId)
    if (!referrer) continue
    last = await decide(tx, visitor, referrer, now, dailyCap)
    if (last === 'rewarded') await pay(tx, { referrerId, referralId: id, now, telemetry })
    if (last === 'rewarded' || last === 'already-rewarded' || last === 'not-new') return last
  }
  return last
}

interface LockedAccount {
  id: string
  createdAt: Date
  emailVerifiedAt: Date | null
}

/** Gathers the facts of core's rule, both rows being locked by now. */
async function decide(
  tx: Tx,
  visitor: LockedAccount,
  referrer: LockedAccount,
  now: Date,
  dailyCap: number,
): Promise<Exclude<ReferralOutcome, 'unknown'>> {
  return decideReferral({
    referrerId: referrer.id,
    visitorId: visitor.id,
    referrerVerified: referrer.emailVerifiedAt !== null,
    visitorVerified: visitor.emailVerifiedAt !== null,
    visitorCreatedAt: visitor.createdAt,
    visitorAlreadyRewarded: await wasRewarded(tx, visitor.id),
    referrerRecentRewards: await recentRewards(tx, referrer.id, now),
    dailyCap,
    now,
  })
}

/** Locks the user's row for the rest of the transaction and reads what the rules need; null when there is none. */
async function lockAccount(tx: Tx, userId: string): Promise<LockedAccount | null> {
  const locked = await tx.$queryRaw<
    Array<{ id: string }>
  >`SELECT id::text AS id FROM users WHERE id = ${userId}::uuid FOR UPDATE`
  if (locked.length === 0) return null
  return tx.user.findUnique({ where: { id: userId }, select: { id: true, createdAt: true, emailVerifiedAt: true } })
}

/** Whether any referral of this visitor, whoever made it, has its reward entry in the ledger. */
async function wasRewarded(tx: Tx, visitorId: string): Promise<boolean> {
  const [row] = await tx.$queryRaw<Array<{ rewarded: boolean }>>`
    SELECT EXISTS (
      SELECT 1 FROM referrals r
      JOIN credit_entries e ON e.user_id = r.referrer_id AND e.reason = 'referral' AND e.reference = r.id::text
      WHERE r.visitor_id = ${visitorId}::uuid
    ) AS rewarded`
  return row?.rewarded === true
}

/** Rewards the referrer earned in the cap's window before `now` (the ledger is the record of payment). */
function recentRewards(tx: Tx, referrerId: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - REFERRAL_CAP_WINDOW_MS)
  return tx.creditEntry.count({ where: { userId: referrerId, reason: 'referral', createdAt: { gt: since } } })
}

interface Reward extends Pick<ReferralTerms, 'telemetry'> {
  referrerId: string
  referralId: string
  now: Date
}

/** The reward: never expires, and names its referral, whose id the ledger's unique key then holds once. */
function pay(tx: Tx, { referrerId, referralId, now, telemetry }: Reward): Promise<void> {
  const reward = { userId: referrerId, amount: REFERRAL_REWARD, reason: 'referral' as const, reference: referralId }
  return grantCredits(tx, { ...reward, createdAt: now }, telemetry)
}
