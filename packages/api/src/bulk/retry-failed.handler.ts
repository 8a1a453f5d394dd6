import type { AuthedContext } from '../context.ts'
import type { BulkJobInput } from './get.schema.ts'
import { retryFailedRows } from './job-control.ts'
import type { BulkJobView } from './job-view.ts'

/**
 * Runs the job's failed rows again; each is charged only if it is delivered this time. A finished job
 * runs again, a paused one waits for resume. NOT_FOUND for anyone else's job, BAD_REQUEST when no row
 * failed, CONFLICT for a cancelled job.
 */
export async function retryFailedBulkRows({
  ctx,
  input,
}: {
  ctx: AuthedContext
  input: BulkJobInput
}): Promise<BulkJobView> {
  return retryFailedRows(ctx, input.jobId)
}
