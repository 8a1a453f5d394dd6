import type { Db } from '@promptly/db/client'

import { feedOwner } from './feed-rows.ts'
import type { RowQueue } from './row-queue.ts'

/**
 * Jobs waiting for credits whose owner can now pay for a row (a purchase, a grant, a refund came in)
 * run again. Run on a timer by the sweepers' leader, so a top-up made on any instance, by any path,
 * resumes the job within one interval. Returns how many jobs resumed.
 */
export async function resumeFundedJobs(db: Db, queue: RowQueue, ownerInFlight: number): Promise<number> {
  const resumed = await db.$queryRaw<{ user_id: string }[]>`
    UPDATE bulk_jobs j
       SET status = 'running', updated_at = now() AT TIME ZONE 'UTC'
      FROM users u
     WHERE u.id = j.user_id AND j.status = 'waiting_for_credits' AND u.credit_balance >= j.cost_per_row
    RETURNING j.user_id`
  for (const owner of new Set(resumed.map((row) => row.user_id))) await feedOwner(db, queue, owner, ownerInFlight)
  return resumed.length
}
