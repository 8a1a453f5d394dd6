import type { AuthedContext } from '../context.ts'
import type { BulkJobInput } from './get.schema.ts'
import { pauseJob } from './job-control.ts'
import type { BulkJobView } from './job-view.ts'

/**
 * Stops handing the job's rows out: the row running finishes, queued rows go back to pending and run
 * on resume. NOT_FOUND for anyone else's job, CONFLICT when it is not running.
 */
export async function pauseBulkJob({ ctx, input }: { ctx: AuthedContext; input: BulkJobInput }): Promise<BulkJobView> {
  return pauseJob(ctx, input.jobId)
}
