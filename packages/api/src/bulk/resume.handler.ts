import type { AuthedContext } from '../context.ts'
import type { BulkJobInput } from './get.schema.ts'
import { resumeJob } from './job-control.ts'
import type { BulkJobView } from './job-view.ts'

/**
 * Runs a paused job again, or one waiting for credits (which waits again at its next row if the
 * balance is still short). NOT_FOUND for anyone else's job, CONFLICT for one that is not stopped.
 */
export async function resumeBulkJob({ ctx, input }: { ctx: AuthedContext; input: BulkJobInput }): Promise<BulkJobView> {
  return resumeJob(ctx, input.jobId)
}
