import type { Db } from '@promptly/db/client'

import { startPeriodicSweep, type SweeperLog, type SweepLeader } from '../credits/periodic-sweep.ts'
import { feedIdleOwners, requeueStrandedRows } from './feed-rows.ts'
import { resumeFundedJobs } from './resume-funded-jobs.ts'
import type { RowQueue } from './row-queue.ts'
import { finishSettledJobs } from './row-settlement.ts'

/** How often the leading instance resumes funded jobs and requeues stranded rows. */
export const BULK_SWEEP_INTERVAL_MS = 15_000

/**
 * The bulk runs' housekeeping, on the sweepers' leader: jobs waiting for credits whose owner can pay
 * again resume (a top-up on any instance, by any path), and rows marked queued that no queue holds
 * (an instance died between marking and adding, or an in-process queue went down with its process)
 * are added again, owners with rows to run but none queued are fed, and jobs with no row left to run
 * are finished. The first sweep runs at once, so a restart picks its rows up without waiting.
 */
export function startBulkSweeper(
  db: Db,
  queue: RowQueue,
  {
    ownerInFlight,
    log,
    leads,
    intervalMs = BULK_SWEEP_INTERVAL_MS,
    strandedAfterMs,
  }: { ownerInFlight: number; log: SweeperLog; leads?: SweepLeader; intervalMs?: number; strandedAfterMs?: number },
): () => Promise<void> {
  return startPeriodicSweep(
    async () => {
      const resumed = await resumeFundedJobs(db, queue, ownerInFlight)
      const requeued = await requeueStrandedRows(db, queue, strandedAfterMs)
      const fed = await feedIdleOwners(db, queue, ownerInFlight)
      const finished = await finishSettledJobs(db)
      if (resumed > 0 || requeued > 0 || fed > 0 || finished > 0) {
        log.info({ resumed, requeued, fed, finished }, 'Bulk jobs swept')
      }
    },
    { intervalMs, log, failureMessage: 'Sweeping bulk jobs failed', ...(leads && { leads }) },
  )
}
