import { z } from 'zod'

import { BulkRowStatus } from '@promptly/db/generated/prisma/enums'

import { mediaItem } from '../media/media-item.schema.ts'
import { bulkJobId } from './get.schema.ts'

export const BULK_ROWS_DEFAULT_LIMIT = 50
export const BULK_ROWS_MAX_LIMIT = 100

export const bulkRowsInput = z.object({
  jobId: bulkJobId,
  /** The previous page's `nextAfter`: rows after this position. Absent: from the first row. */
  after: z.number().int().min(0).optional(),
  /** Only rows in this state (the results table's filter: failed, invalid, ...). */
  status: z.enum(Object.values(BulkRowStatus)).optional(),
  limit: z.number().int().min(1).max(BULK_ROWS_MAX_LIMIT).default(BULK_ROWS_DEFAULT_LIMIT),
})
export type BulkRowsInput = z.output<typeof bulkRowsInput>

/** One row of a job as its results table shows it. */
export const bulkRowView = z.object({
  /** Its place in the input, from 0 (the CSV's first data row is 0). */
  position: z.number().int(),
  status: z.enum(Object.values(BulkRowStatus)),
  /** The input's cells as given, in the order of the job's `columns`. */
  cells: z.array(z.string()),
  /** The delivered output: sanitised HTML, exactly as stored (null until the row is done). */
  output: z.string().nullable(),
  /**
   * A media tool's row once done: the images or audio its generation stored, as history gives them
   * (served at `url` to the owner's session). Empty for a text tool's rows and for rows not done.
   */
  media: z.array(mediaItem),
  /** Why it is invalid or failed, user-safe; null otherwise. */
  error: z.string().nullable(),
  /** The generation that delivered it (or the last attempt's); null before it ran. */
  generationId: z.string().nullable(),
})
export type BulkRowView = z.infer<typeof bulkRowView>

export const bulkRowsOutput = z.object({
  rows: z.array(bulkRowView),
  /** Pass back as `after` for the next page; null on the last page. */
  nextAfter: z.number().int().nullable(),
})
export type BulkRowsOutput = z.infer<typeof bulkRowsOutput>
