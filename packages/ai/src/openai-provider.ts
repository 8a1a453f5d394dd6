import type { OpenAI } from 'openai'

import type { OpenAiContext } from './openai-call.ts'
import { generateOpenAiImages } from './openai-images.ts'
import { synthesizeOpenAiSpeech } from './openai-speech.ts'
import { streamOpenAiText } from './openai-text-stream.ts'
import { transcribeWithOpenAi } from './openai-transcription.ts'
import type { AiModels, AiProvider } from './provider.ts'

export interface OpenAiProviderOptions {
  name: AiProvider['name']
  /** The SDK client, or a promise of it (the local server starts on first use). */
  client: OpenAI | Promise<OpenAI>
  models: AiModels
  /** Longest wait for the next streamed chunk (the SDK's own timeout ends when the headers arrive). */
  timeoutMs: number
  /**
   * Sends TextRequest.seed as the chat request's `seed`. Only the local model needs it; requests to
   * remote servers stay as they were.
   */
  forwardSeed?: boolean
}

/**
 * An AiProvider over the `openai` SDK; the client decides which server answers. One module per
 * capability: openai-text-stream.ts, openai-images.ts, openai-speech.ts, openai-transcription.ts.
 */
export function createOpenAiProvider(options: OpenAiProviderOptions): AiProvider {
  const clientReady = Promise.resolve(options.client)
  // A failed local start is reported by the first call; it must not also be an unhandled rejection.
  clientReady.catch(() => undefined)
  const ctx: OpenAiContext = {
    clientReady,
    models: options.models,
    timeoutMs: options.timeoutMs,
    forwardSeed: options.forwardSeed === true,
  }
  return {
    name: options.name,
    isLocal: options.name === 'local',
    models: options.models,
    streamText: (request) => streamOpenAiText(ctx, request),
    generateImages: (request) => generateOpenAiImages(ctx, request),
    synthesizeSpeech: (request) => synthesizeOpenAiSpeech(ctx, request),
    transcribe: (request) => transcribeWithOpenAi(ctx, request),
  }
}
