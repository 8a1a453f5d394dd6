import type { AiCapability } from '@promptly/ai/errors'
import type { AiProvider, TextRequest } from '@promptly/ai/provider'

import type { Telemetry } from './telemetry.ts'

/**
 * `ai` with every call timed for `telemetry`: how long the provider took in all and, for a text
 * stream, until its first piece. The composition root wraps the instance's provider once, only when
 * metrics are served; what each method answers or throws is unchanged.
 */
export function timedAiProvider(ai: AiProvider, telemetry: Pick<Telemetry, 'providerCalled'>): AiProvider {
  const timed = async <T>(capability: AiCapability, call: () => Promise<T>): Promise<T> => {
    const started = performance.now()
    let outcome: 'succeeded' | 'failed' = 'failed'
    try {
      const result = await call()
      outcome = 'succeeded'
      return result
    } finally {
      telemetry.providerCalled({ provider: ai.name, capability, outcome, seconds: secondsSince(started) })
    }
  }
  return {
    name: ai.name,
    isLocal: ai.isLocal,
    models: ai.models,
    streamText: (request) => timedStream(ai, request, telemetry),
    generateImages: (request) => timed('images', () => ai.generateImages(request)),
    synthesizeSpeech: (request) => timed('speech', () => ai.synthesizeSpeech(request)),
    transcribe: (request) => timed('transcription', () => ai.transcribe(request)),
  }
}

/**
 * The provider's stream, passed through piece by piece. A consumer that stops early (the caller went
 * away) ends it through `return()`, which runs the `finally` here too: that call counts as failed.
 */
async function* timedStream(
  ai: AiProvider,
  request: TextRequest,
  telemetry: Pick<Telemetry, 'providerCalled'>,
): AsyncGenerator<string, void, undefined> {
  const started = performance.now()
  let firstChunkSeconds: number | undefined
  let outcome: 'succeeded' | 'failed' = 'failed'
  try {
    for await (const piece of ai.streamText(request)) {
      firstChunkSeconds ??= secondsSince(started)
      yield piece
    }
    outcome = 'succeeded'
  } finally {
    telemetry.providerCalled({
      provider: ai.name,
      capability: 'text',
      outcome,
      seconds: secondsSince(started),
      ...(firstChunkSeconds === undefined ? {} : { firstChunkSeconds }),
    })
  }
}

function secondsSince(started: number): number {
  return (performance.now() - started) / 1000
}
