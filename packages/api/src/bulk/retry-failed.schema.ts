import { bulkJobInput, bulkJobView } from './get.schema.ts'

/** `bulk.retryFailed`: one of the caller's jobs with failed rows; answers it with those rows to run again. */
export const retryFailedRowsInput = bulkJobInput
export const retryFailedRowsOutput = bulkJobView
