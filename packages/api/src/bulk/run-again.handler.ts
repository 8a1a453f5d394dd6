import type { AuthedContext } from '../context.ts'
import type { CreatedBulkJob } from './create-job.ts'
import type { BulkJobInput } from './get.schema.ts'
import { runJobAgain } from './job-control.ts'

/**
 * A new job with the same tool and rows as one of the caller's jobs ("Run again"), checked afresh
 * against the tool as it is now. NOT_FOUND for anyone else's job and for a job whose tool is gone.
 */
export async function runBulkJobAgain({
  ctx,
  input,
}: {
  ctx: AuthedContext
  input: BulkJobInput
}): Promise<CreatedBulkJob> {
  return runJobAgain(ctx, input.jobId)
}
