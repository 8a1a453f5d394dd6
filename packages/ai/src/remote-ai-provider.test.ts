import { describe, expect, it } from 'vitest'

import { aiConfigFromEnv, DEFAULT_MODELS, usesLocalModel } from './config.ts'
import { createRemoteAiProvider, openAiSdkOptions } from './remote-ai-provider.ts'

describe('createRemoteAiProvider', () => {
  it('talks to the configured server, with the configured models', () => {
    const config = aiConfigFromEnv({ OPENAI_API_KEY: 'sk-x', OPENAI_CHAT_MODEL: 'gpt-4.1-mini' })
    const provider = createRemoteAiProvider(config)
    expect(provider).toMatchObject({ name: 'openai-compatible', isLocal: false })
    expect(provider.models).toEqual({ ...DEFAULT_MODELS, chat: 'gpt-4.1-mini' })
  })
})

describe('openAiSdkOptions', () => {
  it("silences the SDK's console logger, which would print a garbled answer's raw text outside the app's log", () => {
    expect(openAiSdkOptions({ timeoutMs: 1_000, maxRetries: 0 })).toMatchObject({ logLevel: 'off' })
  })
})

describe('aiConfigFromEnv', () => {
  it('asks for the built-in local model only when neither a key nor a base URL is set', () => {
    expect(usesLocalModel(aiConfigFromEnv({}))).toBe(true)
    expect(usesLocalModel({ baseUrl: 'http://127.0.0.1:11434/v1' })).toBe(false)
    expect(usesLocalModel({ apiKey: 'sk-x' })).toBe(false)
  })

  it('reads its settings from the environment, with defaults', () => {
    expect(aiConfigFromEnv({ OPENAI_API_KEY: ' ', OPENAI_BASE_URL: '' })).toEqual({
      apiKey: undefined,
      baseUrl: undefined,
      models: { chat: 'gpt-4o-mini', image: 'dall-e-3', speech: 'tts-1', transcription: 'whisper-1' },
      timeoutMs: 60_000,
      maxRetries: 1,
      localChunkDelayMs: 12,
    })
    expect(aiConfigFromEnv({ OPENAI_TIMEOUT_MS: '15000', OPENAI_MAX_RETRIES: '0' })).toMatchObject({
      timeoutMs: 15_000,
      maxRetries: 0,
    })
    expect(() => aiConfigFromEnv({ OPENAI_BASE_URL: 'ftp://x' })).toThrow()
  })
})
