import { costPerRowOf, totalCostOf } from '@promptly/core/bulk/row-costs'
import { badRequest } from '@promptly/core/errors/app-error'

import type { AuthedContext } from '../context.ts'
import { readVisibleTool } from '../tools/get.handler.ts'
import { bulkFormOf } from './bulk-form.ts'
import { bulkRuntime } from './bulk-runtime.ts'
import { feedOwner } from './feed-rows.ts'

/** One input row: the cells as given (kept for the results) and the form values made from them. */
export interface InputRow {
  cells: string[]
  values: unknown
}

export interface NewBulkJob {
  toolId: string
  /** The input's column names, in the order of each row's cells. */
  columns: string[]
  rows: InputRow[]
  /** The job this one repeats ("Run again"). */
  sourceJobId?: string
}

export interface CreatedBulkJob {
  jobId: string
  total: number
  /** Rows whose values do not fit the form: kept, shown with their reason, never run nor charged. */
  invalid: number
  /** What a row costs (at most: image rows of mixed quality cost what their own request costs). */
  costPerRow: number
  /** What the rows that can run cost in all. */
  cost: number
}

/** The first few invalid rows a refusal names. */
const REASONS_SHOWN = 3

/**
 * Makes a bulk job and starts it. Every row is checked by the rules a single run follows; rows that
 * fail are kept as `invalid` with their reason and the rest run (BAD_REQUEST when none can). The
 * tool must be one the owner could run alone: visible to them, not upcoming, and a text tool or one of
 * the media tools (bulk-form.ts: each row is then that tool's single-run request). Too many
 * rows (BULK_MAX_ROWS) or none at all is a BAD_REQUEST, and nothing is charged by then: each row
 * reserves its own cost when it runs.
 */
export async function createBulkJob(ctx: AuthedContext, input: NewBulkJob): Promise<CreatedBulkJob> {
  const bulk = bulkRuntime(ctx)
  if (input.rows.length === 0) throw badRequest('Add at least one row to run')
  if (input.rows.length > bulk.maxRows) {
    throw badRequest(`A bulk run takes at most ${bulk.maxRows} rows; this one has ${input.rows.length}`)
  }
  const { tool } = await readVisibleTool(ctx, input.toolId)
  const form = bulkFormOf(tool)
  const checked = input.rows.map((row, position) => ({ position, cells: row.cells, check: form.check(row.values) }))
  const invalid = checked.filter((row) => !row.check.ok)
  if (invalid.length === checked.length) {
    const reasons = invalid
      .slice(0, REASONS_SHOWN)
      .map((row) => `row ${row.position + 1}: ${row.check.ok ? '' : row.check.message}`)
    throw badRequest(`None of the rows can run (${reasons.join('; ')})`)
  }
  const costPerRow = costPerRowOf(checked.map((row) => row.check))
  const jobId = await ctx.db.$transaction(async (tx) => {
    const job = await tx.bulkJob.create({
      data: {
        userId: ctx.user.id,
        toolId: tool.id,
        toolName: tool.name,
        costPerRow,
        total: checked.length,
        invalid: invalid.length,
        columns: input.columns,
        ...(input.sourceJobId ? { sourceJobId: input.sourceJobId } : {}),
      },
      select: { id: true },
    })
    // One statement for every row, their fields in one JSON parameter: a job of 10,000 rows took ten
    // 1,000-row inserts, whose 7,000 parameters apiece cost the client more than the database.
    const rows = checked.map((row) => ({
      position: row.position,
      cells: row.cells,
      // An invalid row's values are not kept: they never run, and its cells show what was sent.
      values: row.check.ok ? row.check.values : [],
      status: row.check.ok ? 'pending' : 'invalid',
      error: row.check.ok ? null : row.check.message,
    }))
    await tx.$executeRaw`
      INSERT INTO bulk_rows (id, job_id, position, cells, "values", status, error, updated_at)
      SELECT gen_random_uuid(), ${job.id}::uuid, r.position, r.cells, r."values", r.status::"BulkRowStatus", r.error,
             now() AT TIME ZONE 'UTC'
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
             AS r(position int, cells jsonb, "values" jsonb, status text, error text)`
    return job.id
  })
  await feedOwner(ctx.db, bulk.queue, ctx.user.id, bulk.ownerInFlight)
  const cost = totalCostOf(checked.map((row) => row.check))
  return { jobId, total: checked.length, invalid: invalid.length, costPerRow, cost }
}
