import { describe, expect, it } from 'vitest'

import { DEFAULT_MODELS } from '@promptly/ai/config'

import { createLocalAiProvider } from '../local-ai-provider.ts'
import { recognizerSkipReason } from '../transcription/recognizer-skip-reason.ts'
import { wordErrorRate } from '../transcription/word-error-rate.ts'

/**
 * The acceptance check for local audio: what the local model says, the local model hears back.
 * Both halves go through the provider, the openai SDK and the local server, as in production.
 * Without pocketsphinx it skips (with the reason) on a developer's machine; in CI it always runs.
 */

const provider = createLocalAiProvider({
  models: DEFAULT_MODELS,
  timeoutMs: 60_000,
  maxRetries: 0,
  localChunkDelayMs: 0,
})
const skipReason = await recognizerSkipReason()
const SAID = 'The quick brown fox jumps over the lazy dog. She sells fresh bread at the market every morning.'

describe('local speech, heard back by local transcription', () => {
  it('understands its own voice with at most 30% word errors', { timeout: 120_000 }, async (context) => {
    if (skipReason) context.skip(skipReason)
    const speech = await provider.synthesizeSpeech({ input: SAID, voice: 'alloy' })
    const heard = await provider.transcribe({
      audio: speech.audio,
      fileName: 'speech.mp3',
      contentType: speech.contentType,
    })
    const errorRate = wordErrorRate(SAID, heard.text)
    expect(errorRate, `heard "${heard.text}"`).toBeLessThanOrEqual(0.3)
  })
})
