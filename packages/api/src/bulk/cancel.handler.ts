import type { AuthedContext } from '../context.ts'
import type { BulkJobInput } from './get.schema.ts'
import { cancelJob } from './job-control.ts'
import type { BulkJobView } from './job-view.ts'

/**
 * Stops the job for good: rows still to run are cancelled and never charged, the row running
 * finishes or refunds. NOT_FOUND for anyone else's job, CONFLICT for a finished one.
 */
export async function cancelBulkJob({ ctx, input }: { ctx: AuthedContext; input: BulkJobInput }): Promise<BulkJobView> {
  return cancelJob(ctx, input.jobId)
}
