import { bulkJobInput, bulkJobView } from './get.schema.ts'

/** `bulk.pause`: one of the caller's running jobs (or one waiting for credits); answers it paused. */
export const pauseBulkJobInput = bulkJobInput
export const pauseBulkJobOutput = bulkJobView
