import type { BulkRowRules } from '@promptly/core/bulk/bulk-row-rules'
import { mappingProblems, valuesFromCells, type ColumnMapping } from '@promptly/core/bulk/column-mapping'
import { parseCsv } from '@promptly/core/bulk/csv'
import { costPerRowOf, type BulkRowCheck } from '@promptly/core/bulk/row-costs'

/** Rows the preview table shows before the run starts. */
export const PREVIEW_ROWS = 5

/** A parsed CSV file: its column names and its data rows, each as many cells as there are columns. */
export interface CsvTable {
  header: string[]
  rows: string[][]
}

export type CsvReading = { ok: true; table: CsvTable } | { ok: false; message: string }

/**
 * A file's text as a table, or the parser's message naming what is wrong and where. `maxRows` is the
 * server's own limit (`bulk.list`), so a file refused here is one `bulk.create` would refuse too.
 */
export function readCsvText(text: string, maxRows: number): CsvReading {
  const parsed = parseCsv(text, { maxRows })
  return parsed.ok ? { ok: true, table: { header: parsed.header, rows: parsed.rows } } : parsed
}

export type PreviewCheck = { ok: true } | { ok: false; message: string }

export interface PreviewRow {
  /** Its place among the data rows, from 0. */
  position: number
  cells: string[]
  check: PreviewCheck
}

/** The whole upload against the tool's form under one mapping: what would run, and what is in the way. */
export interface UploadCheck {
  /** Mapping problems: while there are any, nothing can start. */
  problems: string[]
  valid: number
  invalid: number
  preview: PreviewRow[]
  /** What the valid rows cost in all (an image row by its quality), and at most per row. */
  cost: number
  costPerRow: number
}

/**
 * Checks every row by the rules the server applies when the job is made (the same core functions),
 * so the counts and the cost shown are the ones the run will have. Rows are only checked once the
 * mapping itself is sound: a row cannot be judged under a mapping that misses a required field.
 */
export function checkUpload(table: CsvTable, rules: BulkRowRules, mapping: ColumnMapping): UploadCheck {
  const { groups } = rules
  const problems = mappingProblems(mapping, table.header, groups)
  if (problems.length > 0) return { problems, valid: 0, invalid: 0, preview: [], cost: 0, costPerRow: 0 }
  let valid = 0
  let cost = 0
  const preview: PreviewRow[] = []
  const checks: BulkRowCheck[] = []
  table.rows.forEach((cells, position) => {
    const check = rules.check(valuesFromCells(cells, mapping, groups))
    checks.push(check)
    if (check.ok) {
      valid++
      cost += check.cost
    }
    if (position < PREVIEW_ROWS) {
      preview.push({ position, cells, check: check.ok ? { ok: true } : { ok: false, message: check.message } })
    }
  })
  return { problems, valid, invalid: table.rows.length - valid, preview, cost, costPerRow: costPerRowOf(checks) }
}

export interface BulkCost {
  cost: number
  /** Credits missing for every valid row to run; 0 when the balance covers them. */
  short: number
}

/** What the valid rows cost in all, and how far the balance falls short (the job then waits, it is not refused). */
export function bulkCost(cost: number, balance: number): BulkCost {
  return { cost, short: Math.max(0, cost - balance) }
}
