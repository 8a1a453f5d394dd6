import type { Db } from '@promptly/db/client'

import { endLapsedPlans } from '../payments/end-lapsed-plans.ts'
import { expireDueGrants, lapsedUnexpiredGrant } from './expire-due-grants.ts'
import { startPeriodicSweep, type SweeperLog, type SweepLeader } from './periodic-sweep.ts'

/** How many users one sweep settles; the next sweep takes the rest. */
const EXPIRY_BATCH = 100

/**
 * The sweeper's part of grant expiry (the trial's 30 credits after 7 days, a pack after its
 * validity): finds users with a grant whose `expiresAt` has passed and no 'expiry' entry yet, and
 * settles each in a transaction of its own with expireDueGrants, the code every read and spend of the
 * balance also runs first. Sweeping keeps the ledger current for users who do not come back; nobody's
 * credits depend on it having run. Returns the credits expired.
 */
export async function expireLapsedGrants(db: Db, { now }: { now: Date }): Promise<{ users: number; credits: number }> {
  const due = await db.$queryRaw<{ userId: string }[]>`
    SELECT DISTINCT g.user_id AS "userId"
    FROM credit_entries g
    WHERE ${lapsedUnexpiredGrant(now)}
    LIMIT ${EXPIRY_BATCH}`
  let credits = 0
  for (const { userId } of due) {
    const settled = await db.$transaction((tx) => expireDueGrants(tx, userId, now))
    credits += settled?.expired ?? 0
  }
  return { users: due.length, credits }
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
