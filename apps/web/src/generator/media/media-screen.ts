import type { TFunction } from 'i18next'

import type { DedicatedRequest } from '@promptly/api/generation/get.schema'

import { toast } from '../../components/toast.ts'
import { toastFailure } from '../failure-toast.tsx'
import type { GenerationFailure } from '../generation-state.ts'
import { describeFailure } from '../useGeneration.ts'

/** What GeneratorPage hands every dedicated tool's screen. */
export interface MediaScreenProps {
  /** The tool's id: the image tool and text to audio link to a bulk run with it ("Run on many rows"). */
  toolId: string
  /** What the earlier generation being run again asked for (history's 'Run again'), if any. */
  previous?: DedicatedRequest | undefined
  /** After every attempt, whatever its outcome: the balance the server reported, when it did. */
  onSettled: (outcome: { creditsLeft: number | null }) => void
}

/**
 * A failed request in the server's words (spec section 8: a toast with the server's error), and
 * the same words for the panel's notice. One toast id: a second failure replaces the first.
 */
export function reportFailure(error: unknown, t: TFunction<'generator'>): GenerationFailure {
  const failure = describeFailure(error, t)
  toastFailure(failure, 'media-failed')
  return failure
}

/**
 * What every dedicated tool does around its request: a complaint about the input goes when it starts;
 * once it ends, a failure is toasted and the balance reported.
 */
export function settledCallbacks(onSettled: MediaScreenProps['onSettled'], t: TFunction<'generator'>) {
  return {
    onMutate: () => toast.clearValidation(),
    onError: (error: unknown) => reportFailure(error, t),
    onSettled: (data: { creditsLeft: number } | undefined) => onSettled({ creditsLeft: data?.creditsLeft ?? null }),
  }
}

/** What a dedicated tool's result panel reads of its request (TanStack Query's mutation result). */
export interface MediaRequestState<Data extends { generationId: string }, Failure> {
  data: Data | undefined
  error: Failure | null
  isPending: boolean
  isSuccess: boolean
  isError: boolean
}

/**
 * MediaResultPanel's key, announcement and failure for a request: the busy message while it runs,
 * the ready one once it succeeded, the failure in the screen's own words when it failed.
 */
export function requestPanelState<Failure>(
  request: MediaRequestState<{ generationId: string }, Failure>,
  describe: (error: Failure) => GenerationFailure,
  messages: { busy: string; ready: string },
): { resultKey: string | null; announcement: string; failure: GenerationFailure | null } {
  return {
    resultKey: request.data?.generationId ?? null,
    announcement: request.isPending ? messages.busy : request.isSuccess ? messages.ready : '',
    failure: request.isError && request.error !== null ? describe(request.error) : null,
  }
}
