import type { DedicatedRequest } from '@promptly/api/generation/get.schema'
import type { FormErrors } from '@mantine/form'
import type { z } from 'zod'
import type { GenerationFailure } from '../generation-state.ts'
import { describeFailure } from '../useGeneration.ts'
import { toast } from '../../components/toast.ts'

/** What GeneratorPage hands every dedicated tool's screen. */
export interface MediaScreenProps {
  /** What the earlier generation being run again asked for (history's 'Run again'), if any. */
  previous?: DedicatedRequest | undefined
  /** After every attempt, whatever its outcome: the balance the server reported, when it did. */
  onSettled: (outcome: { creditsLeft: number | null }) => void
}

/**
 * A failed request in the server's words (spec section 8: a toast with the server's error), and
 * the same words for the panel's notice. One toast id: a second failure replaces the first.
 */
export function reportFailure(error: unknown): GenerationFailure {
  const failure = describeFailure(error)
  toast.error(failure.message, 'media-failed')
  return failure
}

/**
 * A @mantine/form `validate` from one of core's request schemas: each field's first message under
 * that field, exactly the texts the server would answer with.
 */
export function validateWith(schema: z.ZodType) {
  return (values: unknown): FormErrors => {
    const result = schema.safeParse(values)
    if (result.success) return {}
    const errors: FormErrors = {}
    for (const issue of result.error.issues) {
      const path = issue.path.join('.')
      errors[path] ??= issue.message
    }
    return errors
  }
}
