import { formFields, type FormField } from '@promptly/core/bulk/column-mapping'
import { mediaValuesFromObject } from '@promptly/core/bulk/media-form'
import { badRequest } from '@promptly/core/errors/app-error'

import type { AuthedContext } from '../context.ts'
import { readVisibleTool } from '../tools/get.handler.ts'
import { bulkFormOf } from './bulk-form.ts'
import { bulkRuntime } from './bulk-runtime.ts'
import { createBulkJob, type CreatedBulkJob } from './create-job.ts'
import type { CreateBulkJobInput } from './create.schema.ts'
import { readCsvInput } from './csv-input.ts'

/**
 * Makes a bulk job of the tool over the caller's rows and starts it (create-job.ts: every row checked
 * by the single run's rules, invalid ones kept with their reason, nothing charged until a row is
 * delivered). A CSV that cannot be read, or whose mapping leaves a required field without a column,
 * is a BAD_REQUEST with the reason; so are too many rows and rows none of which can run.
 */
export async function createBulkRun({
  ctx,
  input,
}: {
  ctx: AuthedContext
  input: CreateBulkJobInput
}): Promise<CreatedBulkJob> {
  const { tool } = await readVisibleTool(ctx, input.toolId)
  const form = bulkFormOf(tool)
  const { source } = input
  if (source.kind === 'rows') {
    const fields = formFields(form.groups)
    const media = form.media
    return createBulkJob(ctx, {
      toolId: tool.id,
      columns: fields.map((field) => field.label),
      rows: source.rows.map((row) => {
        // A media tool's row may name its fields; any other object is left for the row check to refuse.
        const values = media && !Array.isArray(row) ? mediaValuesFromObject(media, row) : row
        return { cells: Array.isArray(values) ? cellsOf(values, fields) : [], values }
      }),
    })
  }
  const csv = readCsvInput(source.csv, form.groups, { maxRows: bulkRuntime(ctx).maxRows, mapping: source.mapping })
  if (csv.problems.length > 0) throw badRequest(csv.problems.join('; '))
  return createBulkJob(ctx, { toolId: tool.id, columns: csv.columns, rows: csv.rows })
}

/** A JSON row's values as the results show them: one cell per field of the form, '' where none was sent. */
function cellsOf(values: readonly (readonly (string | boolean)[])[], fields: FormField[]): string[] {
  return fields.map((field) => {
    const value = values[field.group]?.[field.index]
    return value === undefined ? '' : String(value)
  })
}
