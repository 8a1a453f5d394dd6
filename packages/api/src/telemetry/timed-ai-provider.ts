import { AiProviderError, type AiCapability } from '@promptly/ai/errors'
import type { AiModels, AiProvider, TextRequest } from '@promptly/ai/provider'

import type { SpanAttributes, Telemetry, TraceSpan } from './telemetry.ts'

type ProviderTelemetry = Pick<Telemetry, 'providerCalled' | 'startSpan'>

/** The model each capability asks for (what a trace may say about the call, besides the provider). */
const MODEL_OF: Record<AiCapability, keyof AiModels> = {
  text: 'chat',
  images: 'image',
  speech: 'speech',
  transcription: 'transcription',
}

/**
 * `ai` with every call timed for `telemetry`: how long the provider took in all and, for a text
 * stream, until its first piece; and, when traces are exported, a span around each call (the first
 * piece of a stream is an event in it). The composition root wraps the instance's provider once, only
 * when metrics are served or traces exported; what each method answers or throws is unchanged.
 */
export function timedAiProvider(ai: AiProvider, telemetry: ProviderTelemetry): AiProvider {
  const timed = async <T>(capability: AiCapability, call: () => Promise<T>): Promise<T> => {
    const started = performance.now()
    const span = providerSpan(ai, capability, telemetry)
    let outcome: 'succeeded' | 'failed' = 'failed'
    try {
      const result = await span.run(call)
      outcome = 'succeeded'
      return result
    } catch (error) {
      span.fail(errorType(error))
      throw error
    } finally {
      span.end()
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
 * The span opens on the first `next()`, under whichever span the consumer runs in.
 */
async function* timedStream(
  ai: AiProvider,
  request: TextRequest,
  telemetry: ProviderTelemetry,
): AsyncGenerator<string, void, undefined> {
  const started = performance.now()
  const span = providerSpan(ai, 'text', telemetry, request.model)
  let firstChunkSeconds: number | undefined
  let outcome: 'succeeded' | 'failed' = 'failed'
  let failure = 'cancelled'
  try {
    for await (const piece of ai.streamText(request)) {
      if (firstChunkSeconds === undefined) {
        firstChunkSeconds = secondsSince(started)
        span.event('first_chunk')
      }
      yield piece
    }
    outcome = 'succeeded'
  } catch (error) {
    failure = errorType(error)
    throw error
  } finally {
    if (outcome === 'failed') span.fail(failure)
    span.end()
    telemetry.providerCalled({
      provider: ai.name,
      capability: 'text',
      outcome,
      seconds: secondsSince(started),
      ...(firstChunkSeconds === undefined ? {} : { firstChunkSeconds }),
    })
  }
}

/** Names the provider, the capability and the model: never the prompt, which is the user's. */
function providerSpan(
  ai: AiProvider,
  capability: AiCapability,
  telemetry: ProviderTelemetry,
  model?: string,
): TraceSpan {
  const attributes: SpanAttributes = {
    'gen_ai.provider.name': ai.name,
    'gen_ai.request.model': model ?? ai.models[MODEL_OF[capability]],
    'promptly.ai.capability': capability,
  }
  return telemetry.startSpan(`ai ${capability}`, attributes)
}

/** The provider's own code (every method throws AiProviderError); anything else is a failure of ours. */
function errorType(error: unknown): string {
  return error instanceof AiProviderError ? error.code : 'internal'
}

function secondsSince(started: number): number {
  return (performance.now() - started) / 1000
}
