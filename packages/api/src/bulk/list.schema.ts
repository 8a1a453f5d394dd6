import { z } from 'zod'

import { bulkJobView } from './get.schema.ts'

/** Jobs `bulk.list` answers at most: the bulk page lists recent work, older jobs are not paged (yet). */
export const BULK_LIST_LIMIT = 50

/**
 * The caller's bulk jobs, newest first, and the most rows a new one may hold. The limit rides along
 * because the bulk page reads this list anyway, and its upload screen must refuse a longer file by
 * the operator's setting, not by a default the browser would have to keep in step with the server.
 */
export const listBulkJobsOutput = z.object({
  jobs: z.array(bulkJobView),
  /** The operator's BULK_MAX_ROWS: `bulk.create` and `bulk.preview` refuse a file with more rows. */
  maxRows: z.number().int().positive(),
})
export type ListBulkJobsOutput = z.infer<typeof listBulkJobsOutput>
