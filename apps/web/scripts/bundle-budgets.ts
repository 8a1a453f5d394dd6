/**
 * The JavaScript budgets as ratchets: bundle-budgets.json records each measured page's gzip size,
 * and a build whose page moved more than BUDGET_TOLERANCE_BYTES from its record fails, whichever
 * way it moved. Growth must be recorded on purpose, and a saving must be recorded so it is kept:
 * either way the new figure shows in the commit's diff. The decisions only; check-bundle-size.ts
 * measures the build and reads and writes the file.
 */
import { z } from 'zod'

/** How far a page may move from its record before the record must change: gzip's noise and small edits. */
export const BUDGET_TOLERANCE_BYTES = 1000

export const BUDGET_FILE_NAME = 'bundle-budgets.json'

/** The command that rewrites the records from a build. */
export const RECORD_COMMAND = '`npm run size:record` in apps/web (after a build)'

export const budgetFileSchema = z.strictObject({
  /** Gzip bytes of JavaScript each page loads before it hydrates, by route path. */
  jsGzipBytes: z.record(z.string(), z.number().int().nonnegative()),
})
export type BudgetFile = z.infer<typeof budgetFileSchema>

export type BudgetVerdict =
  | { page: string; status: 'within' | 'over' | 'under'; measured: number; recorded: number }
  | { page: string; status: 'unrecorded'; measured: number }
  | { page: string; status: 'unmeasured'; recorded: number }

/** Each measured page against its record, then each record no page was measured for. */
export function judgeBudgets(measured: Record<string, number>, recorded: Record<string, number>): BudgetVerdict[] {
  const verdicts: BudgetVerdict[] = Object.entries(measured).map(([page, size]) => {
    const record = Object.hasOwn(recorded, page) ? recorded[page] : undefined
    if (record === undefined) return { page, status: 'unrecorded', measured: size }
    return { page, status: movement(size, record), measured: size, recorded: record }
  })
  for (const [page, record] of Object.entries(recorded)) {
    if (!Object.hasOwn(measured, page)) verdicts.push({ page, status: 'unmeasured', recorded: record })
  }
  return verdicts
}

function movement(measured: number, recorded: number): 'within' | 'over' | 'under' {
  if (measured > recorded + BUDGET_TOLERANCE_BYTES) return 'over'
  if (measured < recorded - BUDGET_TOLERANCE_BYTES) return 'under'
  return 'within'
}

export const formatKb = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`

/** What to tell the author, for a verdict that fails the check; null when it passes. */
export function budgetFailure(verdict: BudgetVerdict): string | null {
  const tolerance = formatKb(BUDGET_TOLERANCE_BYTES)
  switch (verdict.status) {
    case 'within':
      return null
    case 'over':
      return (
        `${verdict.page}: ${formatKb(verdict.measured)}, ${formatKb(verdict.measured - verdict.recorded)} over ` +
        `its record of ${formatKb(verdict.recorded)} (${tolerance} allowed). Lazy-load what the page does not ` +
        `need before it hydrates; or, if the growth is worth it, record it with ${RECORD_COMMAND} and say why ` +
        'in the commit.'
      )
    case 'under':
      return (
        `${verdict.page}: ${formatKb(verdict.measured)}, ${formatKb(verdict.recorded - verdict.measured)} under ` +
        `its record of ${formatKb(verdict.recorded)}. Lower the record so the saving is kept: ${RECORD_COMMAND}.`
      )
    case 'unrecorded':
      return (
        `${verdict.page}: ${formatKb(verdict.measured)}, and ${BUDGET_FILE_NAME} has no record of it: ` +
        `${RECORD_COMMAND}.`
      )
    case 'unmeasured':
      return (
        `${BUDGET_FILE_NAME} records ${verdict.page}, which the check does not measure: ` +
        `${RECORD_COMMAND} drops it.`
      )
  }
}

export class BudgetFileError extends Error {}

/** The file's records, or a BudgetFileError that says what is wrong with it. */
export function parseBudgetFile(text: string): BudgetFile {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new BudgetFileError(`${BUDGET_FILE_NAME} is not JSON (${String(error)}): ${RECORD_COMMAND} rewrites it.`)
  }
  const parsed = budgetFileSchema.safeParse(json)
  if (!parsed.success) {
    throw new BudgetFileError(`${BUDGET_FILE_NAME}: ${z.prettifyError(parsed.error)}\n${RECORD_COMMAND} rewrites it.`)
  }
  return parsed.data
}

/** The file recording `measured`, formatted as Prettier leaves JSON. */
export function budgetFileText(measured: Record<string, number>): string {
  const file: BudgetFile = { jsGzipBytes: measured }
  return `${JSON.stringify(file, null, 2)}\n`
}
