import type { FormGroups } from '../catalogue/tool.ts'
import { AppError } from '../errors/app-error.ts'
import { composePrompt } from '../generation/compose-prompt.ts'
import { generationValues, type GenerationValues } from '../generation/form-values.ts'

export type RowCheck = { ok: true; values: GenerationValues } | { ok: false; message: string }

/**
 * One row of a bulk job against the tool's form, by the rules a single run follows (the same schema,
 * the same required fields and option lists, the same "fill in at least one field"): a row that
 * passes here is one `generation.run` would take. The message is the one a single run would show.
 */
export function checkRowValues(groups: FormGroups, raw: unknown): RowCheck {
  const parsed = generationValues.safeParse(raw)
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'These values do not fit' }
  try {
    composePrompt(groups, parsed.data)
    return { ok: true, values: parsed.data }
  } catch (error) {
    if (error instanceof AppError) return { ok: false, message: error.message }
    throw error
  }
}
