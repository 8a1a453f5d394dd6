import { createdBulkJob } from './create.schema.ts'
import { bulkJobInput } from './get.schema.ts'

/** `bulk.runAgain`: one of the caller's jobs; answers the new job made with its tool and rows. */
export const runBulkJobAgainInput = bulkJobInput
export const runBulkJobAgainOutput = createdBulkJob
