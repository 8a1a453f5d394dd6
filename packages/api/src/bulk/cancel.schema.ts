import { bulkJobInput, bulkJobView } from './get.schema.ts'

/** `bulk.cancel`: one of the caller's unfinished jobs; answers it cancelled. */
export const cancelBulkJobInput = bulkJobInput
export const cancelBulkJobOutput = bulkJobView
