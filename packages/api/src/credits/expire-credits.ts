import { lapsedGrantBalances } from '@promptly/core/credits/grant-expiry'
import type { Db } from '@promptly/db/client'

import { endLapsedPlans } from '../payments/end-lapsed-plans.ts'
import { startPeriodicSweep, type SweeperLog, type SweepLeader } from './periodic-sweep.ts'

/** How many users one sweep settles; the next sweep takes the rest. */
const EXPIRY_BATCH = 100

/**
 * Writes an 'expiry' entry for every grant whose `expiresAt` has passed (the trial's 30 credits
 * after 7 days, a pack after its validity): minus the credits it still holds by the rule in
 * core/credits/grant-expiry.ts, capped by the balance, and lowers the balance and the maximum in
 * the same transaction. A grant whose credits were all spent gets an entry of 0, which marks it
 * settled. Each user is settled under a lock on their row, so a generation reserving at the same
 * moment waits (or goes first) instead of racing; the (user, reason, reference) unique key makes a
 * second sweeper's attempt fail rather than expire twice. Returns the credits expired.
 */
export async function expireLapsedGrants(db: Db, { now }: { now: Date }): Promise<{ users: number; credits: number }> {
  const due = await db.$queryRaw<{ userId: string }[]>`
    SELECT DISTINCT g.user_id AS "userId"
    FROM credit_entries g
    WHERE g.expires_at <= ${now}
      AND NOT EXISTS (
        SELECT 1 FROM credit_entries x
        WHERE x.user_id = g.user_id AND x.reason = 'expiry' AND x.reference = g.id::text
      )
    LIMIT ${EXPIRY_BATCH}`
  let credits = 0
  for (const { userId } of due) credits += await expireForUser(db, userId, now)
  return { users: due.length, credits }
}

async function expireForUser(db: Db, userId: string, now: Date): Promise<number> {
  return db.$transaction(async (tx) => {
    const [user] = await tx.$queryRaw<{ balance: number; max: number }[]>`
      SELECT credit_balance AS balance, credit_max AS max FROM users WHERE id = ${userId}::uuid FOR UPDATE`
    if (!user) return 0
    const entries = await tx.creditEntry.findMany({
      where: { userId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true, amount: true, reason: true, reference: true, createdAt: true, expiresAt: true },
    })
    const grantAmounts = new Map(entries.map((entry) => [entry.id, entry.amount]))
    let balance = user.balance
    let max = user.max
    let expired = 0
    for (const [grantId, held] of lapsedGrantBalances(entries, now)) {
      const amount = Math.min(held, balance)
      await tx.creditEntry.create({ data: { userId, amount: -amount, reason: 'expiry', reference: grantId } })
      balance -= amount
      // "X of Y left": Y counts the credits of grants still running.
      max = Math.max(0, max - (grantAmounts.get(grantId) ?? 0))
      expired += amount
    }
    await tx.user.update({ where: { id: userId }, data: { creditBalance: balance, creditMax: max } })
    return expired
  })
}

/**
 * Expires lapsed grants now and then every `intervalMs` (batches of EXPIRY_BATCH users a sweep; a
 * backlog drains over the next sweeps). Returns the stop function.
 */
export function startCreditExpirySweeper(
  db: Db,
  { intervalMs, log, leads }: { intervalMs: number; log: SweeperLog; leads?: SweepLeader },
): () => Promise<void> {
  return startPeriodicSweep(
    async () => {
      const now = new Date()
      const { users, credits } = await expireLapsedGrants(db, { now })
      if (users > 0) log.info({ users, credits }, 'Expired lapsed credit grants')
      // Same clock, same sweep: a plan ends when its credits do.
      const plans = await endLapsedPlans(db, now)
      if (plans > 0) log.info({ plans }, 'Ended lapsed paid plans')
    },
    { intervalMs, log, failureMessage: 'Expiring lapsed credit grants failed', ...(leads && { leads }) },
  )
}
