import type { AiProvider } from '@promptly/ai/provider'

import { fakeAiProvider } from '../../generation/testing/fake-ai-provider.ts'

/** One call the provider is holding: it answers when the test says so. */
export interface HeldCall {
  readonly prompt: string
  answer(text: string): void
  fail(error: Error): void
}

export interface HeldAiProvider {
  readonly ai: AiProvider
  /** Every call made so far, in order. */
  readonly calls: readonly HeldCall[]
  /** Resolves once `count` calls have reached the provider (and are held there). */
  reached(count: number): Promise<void>
}

/**
 * A text provider whose every answer the test releases by hand: a row stays "at the provider" until
 * the test answers or fails its call, so a test can act at exactly that point (cancel the job, run
 * the same row again) instead of hoping a timer lands there.
 */
export function heldAiProvider(): HeldAiProvider {
  const calls: HeldCall[] = []
  const waiting: { count: number; resolve: () => void }[] = []
  const ai = fakeAiProvider({
    async *stream(request) {
      const outcome = new Promise<{ text: string } | { error: Error }>((settle) => {
        calls.push({
          prompt: request.prompt,
          answer: (text) => settle({ text }),
          fail: (error) => settle({ error }),
        })
      })
      for (const waiter of waiting.filter((entry) => calls.length >= entry.count)) waiter.resolve()
      const result = await outcome
      if ('error' in result) throw result.error
      yield result.text
    },
  })
  return {
    ai,
    calls,
    reached(count) {
      if (calls.length >= count) return Promise.resolve()
      return new Promise((resolve) => waiting.push({ count, resolve }))
    },
  }
}
