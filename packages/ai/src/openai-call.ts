import type { OpenAI } from 'openai'

import { AiProviderError, toAiProviderError, type AiCapability } from './errors.ts'
import type { AiModels } from './provider.ts'

/** What each capability of the openai-SDK provider works with (see openai-provider.ts). */
export interface OpenAiContext {
  /** Settled once: the local server starts on first use, and a failed start fails every call. */
  clientReady: Promise<OpenAI>
  models: AiModels
  /** Longest wait for an answer, or for the next streamed chunk. */
  timeoutMs: number
  /** Sends TextRequest.seed as the chat request's `seed` (the local model only). */
  forwardSeed: boolean
}

/** One SDK call: aborted when the caller's signal is, its failure an AiProviderError for `capability`. */
export async function callOpenAi<T>(
  { clientReady }: OpenAiContext,
  capability: AiCapability,
  signal: AbortSignal | undefined,
  run: (client: OpenAI, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const attempt = linkedController(signal)
  try {
    const client = await clientReady
    return await untilAborted(run(client, attempt.controller.signal), attempt.controller.signal)
  } catch (error) {
    throw toAiProviderError(error, capability)
  } finally {
    attempt.release()
  }
}

/** A controller aborted when the caller's signal is, so the provider can also abort on its own. */
export function linkedController(outer: AbortSignal | undefined): { controller: AbortController; release: () => void } {
  const controller = new AbortController()
  if (!outer) return { controller, release: () => undefined }
  const abort = () => controller.abort(outer.reason)
  if (outer.aborted) abort()
  else outer.addEventListener('abort', abort, { once: true })
  return { controller, release: () => outer.removeEventListener('abort', abort) }
}

/**
 * Settles as soon as `signal` aborts, even while the SDK sleeps between retries (its backoff sleep
 * does not watch the signal). The SDK's own promise then rejects later; that rejection is absorbed.
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  work.catch(() => undefined)
  if (signal.aborted) return Promise.reject(new AiProviderError('cancelled'))
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new AiProviderError('cancelled'))
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}
