import { bulkJobInput, bulkJobView } from './get.schema.ts'

/** `bulk.resume`: one of the caller's paused jobs, or one waiting for credits; answers it running. */
export const resumeBulkJobInput = bulkJobInput
export const resumeBulkJobOutput = bulkJobView
