import { z } from 'zod'

import { optionalText, optionalUrl } from '@promptly/core/config/env-fields'

import type { AiModels } from './provider.ts'

export interface AiConfig {
  /** OPENAI_API_KEY. */
  apiKey?: string | undefined
  /** OPENAI_BASE_URL: OpenAI, Ollama, vLLM, llama.cpp or any OpenAI-compatible server. */
  baseUrl?: string | undefined
  models: AiModels
  /**
   * How long one attempt may wait for the server to start answering, and, while streaming, for
   * the next chunk. A request that keeps producing chunks is not cut off.
   */
  timeoutMs: number
  /** Retries on 429, 5xx, 408, 409 and connection failures (the SDK's rule), with backoff. */
  maxRetries: number
  /** Pause between the local model's chunks, so it streams like a real one; 0 answers at once. */
  localChunkDelayMs: number
}

export const DEFAULT_MODELS: AiModels = {
  chat: 'gpt-4o-mini',
  image: 'dall-e-3',
  speech: 'tts-1',
  transcription: 'whisper-1',
}

export const DEFAULT_TIMEOUT_MS = 60_000
export const DEFAULT_MAX_RETRIES = 1
export const DEFAULT_LOCAL_CHUNK_DELAY_MS = 12

/** The AI settings' names and rules: the server's env schema defers to it (apps/server config/env.ts). */
export const aiEnv = z.object({
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalUrl(/^https?$/),
  OPENAI_CHAT_MODEL: optionalText,
  OPENAI_IMAGE_MODEL: optionalText,
  OPENAI_SPEECH_MODEL: optionalText,
  OPENAI_TRANSCRIPTION_MODEL: optionalText,
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).optional(),
  OPENAI_MAX_RETRIES: z.coerce.number().int().min(0).max(5).optional(),
  LOCAL_MODEL_CHUNK_DELAY_MS: z.coerce.number().int().min(0).max(1_000).optional(),
})

/** The AI settings from the environment, with the defaults above. Throws on a malformed value. */
export function aiConfigFromEnv(env: Record<string, string | undefined> = process.env): AiConfig {
  const parsed = aiEnv.parse(env)
  return {
    apiKey: parsed.OPENAI_API_KEY,
    baseUrl: parsed.OPENAI_BASE_URL,
    models: {
      chat: parsed.OPENAI_CHAT_MODEL ?? DEFAULT_MODELS.chat,
      image: parsed.OPENAI_IMAGE_MODEL ?? DEFAULT_MODELS.image,
      speech: parsed.OPENAI_SPEECH_MODEL ?? DEFAULT_MODELS.speech,
      transcription: parsed.OPENAI_TRANSCRIPTION_MODEL ?? DEFAULT_MODELS.transcription,
    },
    timeoutMs: parsed.OPENAI_TIMEOUT_MS ?? DEFAULT_TIMEOUT_MS,
    maxRetries: parsed.OPENAI_MAX_RETRIES ?? DEFAULT_MAX_RETRIES,
    localChunkDelayMs: parsed.LOCAL_MODEL_CHUNK_DELAY_MS ?? DEFAULT_LOCAL_CHUNK_DELAY_MS,
  }
}

/** The built-in model answers when neither a key nor a server address is configured. */
export function usesLocalModel(config: Pick<AiConfig, 'apiKey' | 'baseUrl'>): boolean {
  return !config.apiKey && !config.baseUrl
}
