import type { AuthedContext } from '../context.ts'
import { ownJobs, type BulkJobView } from './job-view.ts'
import { BULK_LIST_LIMIT } from './list.schema.ts'

/** The caller's bulk jobs, newest first, at most BULK_LIST_LIMIT of them; nobody else's. */
export async function listBulkJobs({ ctx }: { ctx: AuthedContext }): Promise<BulkJobView[]> {
  return ownJobs(ctx.db, ctx.user.id, BULK_LIST_LIMIT)
}
