import { formFields } from '@promptly/core/bulk/column-mapping'
import { costPerRowOf, totalCostOf } from '@promptly/core/bulk/row-costs'

import type { AuthedContext } from '../context.ts'
import { settleLapsedGrants } from '../credits/expire-due-grants.ts'
import { readVisibleTool } from '../tools/get.handler.ts'
import { bulkFormOf } from './bulk-form.ts'
import { bulkRuntime } from './bulk-runtime.ts'
import { readCsvInput } from './csv-input.ts'
import { PREVIEW_SAMPLE_ROWS, type PreviewBulkRunInput, type PreviewBulkRunOutput } from './preview.schema.ts'

/**
 * What a CSV would make as a bulk job of the tool, before anything is stored or charged: the file's
 * columns against the form's fields, the mapping (the one given, or the default), what keeps it from
 * running, every row checked by the single run's rules, what the valid rows would cost and the
 * caller's balance. A media tool's fields are its fixed bulk form (media-form.ts). A file that cannot be
 * read, too many rows, or a tool that cannot run in bulk (upcoming, or a dedicated tool other than
 * the image tool and text to audio) is a BAD_REQUEST, as `bulk.create` would answer.
 */
export async function previewBulkRun({
  ctx,
  input,
}: {
  ctx: AuthedContext
  input: PreviewBulkRunInput
}): Promise<PreviewBulkRunOutput> {
  const { tool } = await readVisibleTool(ctx, input.toolId)
  const form = bulkFormOf(tool)
  const csv = readCsvInput(input.csv, form.groups, { maxRows: bulkRuntime(ctx).maxRows, mapping: input.mapping })
  const checked = csv.rows.map((row) => ({ cells: row.cells, check: form.check(row.values) }))
  const valid = checked.filter((row) => row.check.ok).length
  const costPerRow = costPerRowOf(checked.map((row) => row.check))
  // As the credits page shows them: without grants that have lapsed, swept or not.
  await settleLapsedGrants(ctx.db, ctx.user.id)
  const { creditBalance } = await ctx.db.user.findUniqueOrThrow({
    where: { id: ctx.user.id },
    select: { creditBalance: true },
  })
  return {
    columns: csv.columns,
    fields: formFields(form.groups),
    mapping: csv.mapping,
    problems: csv.problems,
    total: csv.rows.length,
    valid,
    invalid: csv.rows.length - valid,
    sample: checked.slice(0, PREVIEW_SAMPLE_ROWS).map(({ cells, check }, position) => ({
      position,
      cells,
      valid: check.ok,
      error: check.ok ? null : check.message,
    })),
    costPerRow,
    cost: totalCostOf(checked.map((row) => row.check)),
    balance: creditBalance,
  }
}
