import type { FormGroups } from '../catalogue/tool.ts'
import { creditCost } from '../credits/costs.ts'
import type { GenerationValues } from '../generation/form-values.ts'
import { isBulkMediaKind, mediaForm, mediaRowRequest, type BulkMediaKind } from './media-form.ts'
import { checkRowValues } from './row-check.ts'

/** A row checked for a bulk run: the values to keep and what the row costs, or why it cannot run. */
export type BulkRowCheck = { ok: true; values: GenerationValues; cost: number } | { ok: false; message: string }

/** The form a tool's bulk rows fill, and the single run's rules each row is checked by. */
export interface BulkRowRules {
  groups: FormGroups
  /** The media tool this form stands for (media-form.ts), or null for a generic tool's own form. */
  media: BulkMediaKind | null
  check(values: unknown): BulkRowCheck
}

/**
 * The bulk rules of a tool, as the server makes a job and the upload screen previews one: a generic
 * tool's own form, each row a text generation; the image tool and text to audio through their fixed
 * form (media-form.ts), each row costing what its request costs (an hd image more than a standard
 * one). Null for a tool no bulk run takes (paraphrase, transcription).
 */
export function bulkRowRules(tool: { kind: string; groups: FormGroups }): BulkRowRules | null {
  if (tool.kind === 'generic') {
    const cost = creditCost({ kind: 'text' })
    return {
      groups: tool.groups,
      media: null,
      check(values) {
        const check = checkRowValues(tool.groups, values)
        return check.ok ? { ...check, cost } : check
      },
    }
  }
  const kind = tool.kind
  if (!isBulkMediaKind(kind)) return null
  return {
    groups: mediaForm(kind),
    media: kind,
    check(values) {
      const check = mediaRowRequest(kind, values)
      if (!check.ok) return check
      const { row } = check
      const kept: GenerationValues =
        row.kind === 'image'
          ? [[row.request.prompt, row.request.quality, row.request.style]]
          : [[row.request.input, row.request.voice]]
      return { ok: true, values: kept, cost: row.cost }
    },
  }
}

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
