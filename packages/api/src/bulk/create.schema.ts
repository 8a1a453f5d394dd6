import { z } from 'zod'

import { columnMapping } from '@promptly/core/bulk/column-mapping'

import { toolId } from '../tools/tool.schema.ts'

/**
 * Longest CSV text `bulk.preview` and `bulk.create` take, in characters: 5 million. A default-sized
 * job (BULK_MAX_ROWS, 10,000 rows) of about 500 characters a row (a name, a few keywords, a short
 * description) fits with room to spare, and parsing it stays well under a second; larger work is
 * split into several jobs. The request body limit of these two procedures (apps/server) must let
 * this through once JSON-encoded.
 */
export const BULK_CSV_MAX_LENGTH = 5_000_000

/**
 * Most JSON rows one request may carry: the highest BULK_MAX_ROWS an operator may set (env.ts). The
 * operator's own limit is the job's rule (create-job.ts); this one only bounds what is parsed.
 */
export const BULK_ROWS_HARD_CAP = 1_000_000

/** A CSV file's text, as read by the browser: the header line first (csv.ts parses it). */
export const bulkCsvText = z
  .string()
  .max(
    BULK_CSV_MAX_LENGTH,
    `A CSV file for a bulk run can hold at most ${BULK_CSV_MAX_LENGTH / 1_000_000} million characters`,
  )

/**
 * One row as `generation.run` takes its `groups`: the form's values, group by group. Only the shape is
 * checked here; each row is then checked by the single run's rules (row-check.ts), so a row that does
 * not fit (a required field empty, a value too long) is kept as invalid with its reason and the rest
 * run, rather than the whole request being refused.
 */
export const bulkRowValues = z.array(z.array(z.union([z.string(), z.boolean()])))

/**
 * One row of a media tool's job as its single run's fields: `{ prompt, quality?, style? }` for the
 * image tool, `{ input, voice? }` for text to audio (media-form.ts). Only the shape is checked here;
 * each row is then checked by the single run's schema, as rows of values are.
 */
export const bulkMediaRow = z.record(z.string(), z.union([z.string(), z.boolean(), z.number(), z.null()]))

/** A JSON row of either shape, as the API documents it. */
export const bulkJsonRowShapes = z.union([bulkRowValues, bulkMediaRow])
export type BulkJsonRow = z.infer<typeof bulkJsonRowShapes>

/**
 * A JSON row, checked by the shape it takes: an array is a row of form values, anything else a media
 * row. Not a plain union, so a refusal names the place in the row that does not fit (`rows.0.0.1`)
 * rather than only saying that neither shape fits.
 */
export const bulkJsonRow = z
  .custom<BulkJsonRow>(() => true)
  .superRefine((row, ctx) => {
    const parsed = (Array.isArray(row) ? bulkRowValues : bulkMediaRow).safeParse(row)
    if (parsed.success) return
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path })
  })

/** Where a job's rows come from: a CSV and the columns that fill the form's fields, or ready-made rows. */
export const bulkSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('csv'), csv: bulkCsvText, mapping: columnMapping }),
  z.object({
    kind: z.literal('rows'),
    rows: z.array(bulkJsonRow).max(BULK_ROWS_HARD_CAP, `A bulk run takes at most ${BULK_ROWS_HARD_CAP} rows`),
  }),
])
export type BulkSource = z.infer<typeof bulkSource>

export const createBulkJobInput = z.object({ toolId, source: bulkSource })
export type CreateBulkJobInput = z.infer<typeof createBulkJobInput>

/** The job made, and what its rows that can run will cost in all (each row is charged when delivered). */
export const createdBulkJob = z.object({
  jobId: z.string(),
  total: z.number().int(),
  /** Rows whose values do not fit the form: kept with their reason, never run nor charged. */
  invalid: z.number().int(),
  costPerRow: z.number().int(),
  cost: z.number().int(),
})
