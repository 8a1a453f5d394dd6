import type { DedicatedRequest } from '@promptly/api/generation/get.schema'

import { toast } from '../../components/toast.ts'
import type { GenerationFailure } from '../generation-state.ts'
import { describeFailure } from '../useGeneration.ts'

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

/** What every dedicated tool does once its request ends: a failure is toasted, the balance reported. */
export function settledCallbacks(onSettled: MediaScreenProps['onSettled']) {
  return {
    onError: reportFailure,
    onSettled: (data: { creditsLeft: number } | undefined) => onSettled({ creditsLeft: data?.creditsLeft ?? null }),
  }
}
