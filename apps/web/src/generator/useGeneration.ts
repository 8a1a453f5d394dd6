import { isTRPCClientError } from '@trpc/client'
import type { TFunction } from 'i18next'
import { useCallback, useEffect, useReducer, useRef } from 'react'
import { useTranslation } from 'react-i18next'

import type { GenerationEvent, RunGenerationInput } from '@promptly/api/generation/run.schema'

import { toastFailure } from './failure-toast.tsx'
import type { GenerationFailure } from './generation-state.ts'
import { loadSanitizer } from './result-sanitizer.ts'
import { initialVariantRuns, variantRunsReducer, type VariantRunsState } from './variant-runs.ts'

/**
 * Starts one generation: the tRPC mutation whose result is an async generator of events, aborted
 * through `signal` (the Stop button, leaving the page). The page passes the real client's call;
 * tests pass a fake stream.
 */
export type RunGeneration = (
  input: RunGenerationRequest,
  signal: AbortSignal,
) => Promise<AsyncIterable<GenerationEvent>>

/** What the page sends: the input as the router takes it (`n` and `voiceId` optional). */
export type RunGenerationRequest = Omit<RunGenerationInput, 'n'> & { n?: number }

export interface UseGenerationOptions {
  run: RunGeneration
  /** After every generation, whatever its outcome (credits were held, then spent or refunded). */
  onSettled?: (state: { done: boolean; creditsLeft: number | null }) => void
}

export interface Generation {
  state: VariantRunsState
  /**
   * Runs `input` (its `n` variants) into the page's slots: all of them, or `slot` alone ("Regenerate
   * this one", which asks for one variant).
   */
  start: (input: RunGenerationRequest, slot?: number) => Promise<void>
  stop: () => void
  /** Records a "Keep" mark the server has stored. */
  markKept: (generationId: string, kept: boolean) => void
}

export function useGeneration({ run, onSettled }: UseGenerationOptions): Generation {
  const { t } = useTranslation('generator')
  const [state, dispatch] = useReducer(variantRunsReducer, initialVariantRuns)
  const slotCount = useRef(1)
  const current = useRef<AbortController | null>(null)
  const settled = useRef(onSettled)
  useEffect(() => {
    settled.current = onSettled
  }, [onSettled])

  // Leaving the page stops the stream: the server refunds the held credits.
  useEffect(() => () => current.current?.abort(), [])

  const start = useCallback(
    async (input: RunGenerationRequest, slot?: number) => {
      current.current?.abort()
      const controller = new AbortController()
      current.current = controller
      // Only the latest generation may change the state; an aborted one just goes quiet.
      const latest = () => current.current === controller
      if (slot === undefined) slotCount.current = input.n ?? 1
      const slots = slot === undefined ? Array.from({ length: slotCount.current }, (_, index) => index) : [slot]
      dispatch({ type: 'submitted', slots, count: slotCount.current })
      // Fetched while the server starts; the panel waits for it if the first words come sooner.
      loadSanitizer().catch(() => undefined)
      let done = false
      let creditsLeft: number | null = null
      try {
        const events = await run(slot === undefined ? input : { ...input, n: 1 }, controller.signal)
        let failedVariants = 0
        let refunded = 0
        const costs = new Map<number, number>()
        for await (const event of events) {
          if (controller.signal.aborted) break
          if (event.type === 'started') costs.set(event.variant, event.cost)
          if (event.type === 'done') {
            done = true
            creditsLeft = event.creditsLeft
          }
          if (event.type === 'failed') {
            failedVariants += 1
            refunded += costs.get(event.variant) ?? 0
          }
          if (latest()) dispatch({ type: 'event', event })
        }
        // Each `done` carries the balance right after the run's variants were all charged; a variant
        // that failed was refunded afterwards.
        if (creditsLeft !== null) creditsLeft += refunded
        if (!latest()) return
        if (controller.signal.aborted) dispatch({ type: 'stopped' })
        // A variant that failed says so in its own slot (and was refunded); the others' results stand.
        else if (!done && failedVariants === 0) fail({ message: t('generator.failure.generic'), outOfCredits: false })
      } catch (error) {
        if (!latest()) return
        if (controller.signal.aborted) dispatch({ type: 'stopped' })
        else fail(describeFailure(error, t))
      } finally {
        if (latest()) current.current = null
        settled.current?.({ done, creditsLeft })
      }

      function fail(failure: GenerationFailure) {
        dispatch({ type: 'failed', failure })
        toastFailure(failure, 'generation-failed')
      }
    },
    [run, t],
  )

  const stop = useCallback(() => current.current?.abort(), [])
  const markKept = useCallback(
    (generationId: string, kept: boolean) => dispatch({ type: 'kept', generationId, kept }),
    [],
  )

  return { state, start, stop, markKept }
}

/**
 * The server's user-facing message (spec section 8: a toast with the server's error); when there is
 * none (the network went away), the page's own words for a failed generation. Out of credits
 * (PAYMENT_REQUIRED), the page's own words too: the server's text names the plan page's path for
 * API clients, while the page offers a real link to it (FailureNotice, toastFailure).
 */
export function describeFailure(error: unknown, t: TFunction<'generator'>): GenerationFailure {
  if (isTRPCClientError(error)) {
    const data: unknown = error.data
    const code = typeof data === 'object' && data !== null && 'code' in data ? data.code : undefined
    // No code: the request itself failed (offline, proxy), and its message is the browser's, not ours.
    if (code === 'PAYMENT_REQUIRED') return outOfCreditsFailure(t)
    if (typeof code === 'string' && error.message !== '') return { message: error.message, outOfCredits: false }
  }
  return { message: t('generator.failure.generic'), outOfCredits: false }
}

/** Out of credits, in the page's language; the toast and the panel add the link to the plans. */
export function outOfCreditsFailure(t: TFunction<'generator'>): GenerationFailure {
  return { message: t('generator.failure.outOfCredits'), outOfCredits: true }
}
