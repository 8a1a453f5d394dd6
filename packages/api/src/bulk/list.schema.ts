import { z } from 'zod'

import { bulkJobView } from './get.schema.ts'

/** Jobs `bulk.list` answers at most: the bulk page lists recent work, older jobs are not paged (yet). */
export const BULK_LIST_LIMIT = 50

/** The caller's bulk jobs, newest first. */
export const listBulkJobsOutput = z.array(bulkJobView)
