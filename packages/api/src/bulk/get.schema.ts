import { z } from 'zod'

import { BulkJobStatus } from '@promptly/db/generated/prisma/enums'

/**
 * A bulk job id as the database stores it: a UUID, in lower case. Anything else is a 400, never a
 * database cast error.
 */
export const bulkJobId = z.uuid().toLowerCase()

/** The input of every procedure about one of the caller's jobs. */
export const bulkJobInput = z.object({ jobId: bulkJobId })
export type BulkJobInput = z.infer<typeof bulkJobInput>

/** A bulk job as its owner sees it (job-view.ts): where it stands, and how far it got. */
export const bulkJobView = z.object({
  id: z.string(),
  /** Null once the tool is deleted: the job keeps the name it had. */
  toolId: z.string().nullable(),
  toolName: z.string(),
  /** Only `running` and `waiting_for_credits` have rows still to run. */
  status: z.enum(Object.values(BulkJobStatus)),
  total: z.number().int(),
  done: z.number().int(),
  /** Every attempt failed and was refunded; `retryFailed` runs them again. */
  failed: z.number().int(),
  /** Rows whose values do not fit the form: never run, never charged. */
  invalid: z.number().int(),
  cancelled: z.number().int(),
  /** Rows still to run (pending or queued). */
  remaining: z.number().int(),
  creditsUsed: z.number().int(),
  costPerRow: z.number().int(),
  /** The input's column names, in the order of each row's cells. */
  columns: z.array(z.string()),
  createdAt: z.date(),
  finishedAt: z.date().nullable(),
  /** Seconds until the last row is done at the pace so far; null before the first row settles or once nothing runs. */
  etaSeconds: z.number().int().nullable(),
})
export type BulkJobViewOutput = z.infer<typeof bulkJobView>
