import type { AuthedContext } from '../context.ts'
import { bulkRuntime } from './bulk-runtime.ts'
import { ownJobs } from './job-view.ts'
import { BULK_LIST_LIMIT, type ListBulkJobsOutput } from './list.schema.ts'

/** The caller's bulk jobs, newest first, at most BULK_LIST_LIMIT of them and nobody else's; and the row limit. */
export async function listBulkJobs({ ctx }: { ctx: AuthedContext }): Promise<ListBulkJobsOutput> {
  return { jobs: await ownJobs(ctx.db, ctx.user.id, BULK_LIST_LIMIT), maxRows: bulkRuntime(ctx).maxRows }
}
