import { creditCost } from '../credits/costs.ts'
import type { GenerationValues } from '../generation/form-values.ts'

/** A row checked for a bulk run: the values to keep and what the row costs, or why it cannot run. */
export type BulkRowCheck = { ok: true; values: GenerationValues; cost: number } | { ok: false; message: string }

/**
 * The cost a job shows per row: what its rows that can run cost at most (they all cost the same but
 * for image rows of mixed quality), or a text generation's when none can.
 */
export function costPerRowOf(checks: readonly BulkRowCheck[]): number {
  let most = 0
  for (const check of checks) if (check.ok && check.cost > most) most = check.cost
  return most === 0 ? creditCost({ kind: 'text' }) : most
}

/** What the rows that can run cost in all. */
export function totalCostOf(checks: readonly BulkRowCheck[]): number {
  return checks.reduce((total, check) => total + (check.ok ? check.cost : 0), 0)
}
