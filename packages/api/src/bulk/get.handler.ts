import type { AuthedContext } from '../context.ts'
import type { BulkJobInput } from './get.schema.ts'
import { ownJob, type BulkJobView } from './job-view.ts'

/** One of the caller's bulk jobs with its progress; NOT_FOUND for anyone else's. */
export async function getBulkJob({ ctx, input }: { ctx: AuthedContext; input: BulkJobInput }): Promise<BulkJobView> {
  return ownJob(ctx.db, ctx.user.id, input.jobId)
}
