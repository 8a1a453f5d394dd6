import {
  defaultColumnMapping,
  mappingProblems,
  valuesFromCells,
  type ColumnMapping,
} from '@promptly/core/bulk/column-mapping'
import { parseCsv } from '@promptly/core/bulk/csv'
import type { FormGroups } from '@promptly/core/catalogue/tool'
import { badRequest } from '@promptly/core/errors/app-error'

import type { InputRow } from './create-job.ts'

/** A CSV read against a tool's form: its columns, the mapping used, what keeps it from running, its rows. */
export interface CsvInput {
  columns: string[]
  /** The mapping asked for, else the default one (matching names, or the form's order). */
  mapping: ColumnMapping
  /** Empty when the mapping can run. */
  problems: string[]
  /** Every data row: its cells, and the form values the mapping makes of them. */
  rows: InputRow[]
}

/**
 * Reads a bulk run's CSV for the tool's form, as `bulk.preview` shows it and `bulk.create` runs it.
 * A file that cannot be read (not a CSV, an unterminated quote, more than `maxRows` rows) is a
 * BAD_REQUEST with the parser's message, which names the line.
 */
export function readCsvInput(
  csv: string,
  groups: FormGroups,
  { maxRows, mapping }: { maxRows: number; mapping?: ColumnMapping | undefined },
): CsvInput {
  const parsed = parseCsv(csv, { maxRows })
  if (!parsed.ok) throw badRequest(parsed.message)
  const used = mapping ?? defaultColumnMapping(parsed.header, groups)
  return {
    columns: parsed.header,
    mapping: used,
    problems: mappingProblems(used, parsed.header, groups),
    rows: parsed.rows.map((cells) => ({ cells, values: valuesFromCells(cells, used, groups) })),
  }
}
