import { z } from 'zod'

import { columnMapping } from '@promptly/core/bulk/column-mapping'

import { toolId } from '../tools/tool.schema.ts'
import { bulkCsvText } from './create.schema.ts'

/** Rows the preview shows with their check, from the top of the file. */
export const PREVIEW_SAMPLE_ROWS = 5

export const previewBulkRunInput = z.object({
  toolId,
  csv: bulkCsvText,
  /** The mapping to check; absent, the default one (columns named like the fields, or the form's order). */
  mapping: columnMapping.optional(),
})
export type PreviewBulkRunInput = z.infer<typeof previewBulkRunInput>

/** One field of the tool's form, as the mapping screen lists it (core's formFields). */
export const bulkFormField = z.object({
  /** `${group}.${index}`: the key of the column mapping. */
  key: z.string(),
  group: z.number().int(),
  index: z.number().int(),
  label: z.string(),
  placeholder: z.string(),
  required: z.boolean(),
  kind: z.enum(['text', 'choice', 'toggle']),
  /** A choice's options, or a toggle's values when on and off; empty for text. */
  options: z.array(z.string()),
})

/** A row of the file and whether it can run, with the message a single run would give if not. */
export const previewRow = z.object({
  /** Its place in the file's data rows, from 0. */
  position: z.number().int(),
  cells: z.array(z.string()),
  valid: z.boolean(),
  error: z.string().nullable(),
})

export const previewBulkRunOutput = z.object({
  /** The file's header. */
  columns: z.array(z.string()),
  fields: z.array(bulkFormField),
  /** The mapping the counts are for: the one given, else the default. */
  mapping: columnMapping,
  /** What keeps this mapping from running (a required field with no column, ...); empty when it can. */
  problems: z.array(z.string()),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** The first rows of the file with their check. */
  sample: z.array(previewRow),
  costPerRow: z.number().int(),
  /** What the valid rows cost in all, charged row by row as each is delivered. */
  cost: z.number().int(),
  /** The caller's credits now. */
  balance: z.number().int(),
})
export type PreviewBulkRunOutput = z.infer<typeof previewBulkRunOutput>
