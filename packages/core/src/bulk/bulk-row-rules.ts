import type { FormGroups } from '../catalogue/tool.ts'
import { creditCost } from '../credits/costs.ts'
import type { GenerationValues } from '../generation/form-values.ts'
import { isBulkMediaKind, mediaForm, mediaRowRequest, type BulkMediaKind } from './media-form.ts'
import { checkRowValues } from './row-check.ts'
import type { BulkRowCheck } from './row-costs.ts'

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
