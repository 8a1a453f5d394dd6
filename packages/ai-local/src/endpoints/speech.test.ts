import { createHash } from 'node:crypto'
import OpenAI, { APIError } from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEFAULT_MODELS } from '@promptly/ai/config'
import { AiProviderError } from '@promptly/ai/errors'
import { SPEECH_VOICES, type SpeechVoice } from '@promptly/core/generation/media-options'

import { createLocalAiProvider } from '../local-ai-provider.ts'
import { createLocalModelServer, LOCAL_MODELS, type LocalModelServer } from '../local-server.ts'
import { summarizeMp3 } from '../speech/mp3-frames.ts'
import { speechEngineLoad } from '../speech/speech-synthesizer.ts'
import { speakableText, splitIntoPieces } from '../speech/speech-text.ts'
import { parseWav } from '../speech/wav.ts'

/** `POST /v1/audio/speech` through the openai SDK, as production calls it. */

// Ceilings, not expectations: the longest input (about 14 flite runs and their MP3 encoding) takes
// seconds on a quiet machine and outlasted 120 s on a two-core machine at load 22.
const provider = createLocalAiProvider({
  models: DEFAULT_MODELS,
  timeoutMs: 600_000,
  maxRetries: 0,
  localChunkDelayMs: 0,
})
const SENTENCE = 'The quick brown fox jumps over the lazy dog.'

let server: LocalModelServer
let client: OpenAI
beforeAll(async () => {
  server = await createLocalModelServer({ chunkDelayMs: 0 })
  client = new OpenAI({ baseURL: server.baseUrl, apiKey: server.token, maxRetries: 0 })
})
afterAll(() => server.close())

async function failureOf(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => expect.unreachable('the request should have failed'),
    (error: unknown) => error,
  )
}

async function openAiError(body: Record<string, unknown>): Promise<APIError> {
  const error = await failureOf(
    client.audio.speech.create({ model: LOCAL_MODELS.speech, input: SENTENCE, voice: 'alloy', ...body }),
  )
  expect(error).toBeInstanceOf(APIError)
  return error as APIError
}

describe('local speech through the SDK', () => {
  it('speaks with the local provider and its model name', () => {
    expect(provider).toMatchObject({ name: 'local', isLocal: true, models: LOCAL_MODELS })
  })

  it('answers MP3 for each of the six voices, and no two voices sound the same', { timeout: 120_000 }, async () => {
    const fingerprints = new Set<string>()
    for (const voice of SPEECH_VOICES) {
      const speech = await provider.synthesizeSpeech({ input: SENTENCE, voice })
      expect(speech).toMatchObject({ contentType: 'audio/mpeg', model: LOCAL_MODELS.speech })
      const mp3 = summarizeMp3(speech.audio)
      expect(mp3.skippedBytes).toBe(0)
      // Nine words: about two to five seconds, whatever the voice's pace.
      expect(mp3.durationSeconds).toBeGreaterThan(1.5)
      expect(mp3.durationSeconds).toBeLessThan(6)
      fingerprints.add(createHash('sha256').update(speech.audio).digest('hex'))
    }
    expect(fingerprints.size).toBe(SPEECH_VOICES.length)
  })

  it('answers WAVE when asked, and speaks faster at a higher speed', { timeout: 90_000 }, async () => {
    const durationAt = async (speed: number) => {
      const response = await client.audio.speech.create({
        model: LOCAL_MODELS.speech,
        input: SENTENCE,
        voice: 'echo',
        response_format: 'wav',
        speed,
      })
      expect(response.headers.get('content-type')).toBe('audio/wav')
      const audio = parseWav(new Uint8Array(await response.arrayBuffer()))
      return audio.samples.length / audio.sampleRate
    }
    const normal = await durationAt(1)
    const fast = await durationAt(2)
    expect(fast).toBeLessThan(normal * 0.75)
  })

  it('speaks the longest input OpenAI accepts (4,096 characters)', { timeout: 600_000 }, async () => {
    const input = 'Our bakery opens at seven every morning, and the first loaves come out of the oven at half past. '
      .repeat(50)
      .slice(0, 4_096)
    const speech = await provider.synthesizeSpeech({ input, voice: 'nova' })
    const mp3 = summarizeMp3(speech.audio)
    expect(mp3.skippedBytes).toBe(0)
    // About 700 words: several minutes of speech.
    expect(mp3.durationSeconds).toBeGreaterThan(180)
  })

  it.each([
    [
      'a voice OpenAI does not have',
      { voice: 'robot' },
      'voice must be one of alloy, echo, fable, onyx, nova, shimmer',
    ],
    ['an empty input', { input: '   ' }, 'input is empty'],
    ['an input over 4,096 characters', { input: 'a'.repeat(4_097) }, 'input is longer than 4096 characters'],
    [
      'a format the local model does not write',
      { response_format: 'opus' },
      'response_format must be mp3 or wav with the local model',
    ],
    ['a speed out of range', { speed: 5 }, 'speed must be at most 4'],
  ])("answers 400 in OpenAI's error shape for %s", async (_case, body, message) => {
    const error = await openAiError(body)
    expect(error.status).toBe(400)
    expect(error.error).toMatchObject({ type: 'invalid_request_error', message })
    expect(error.headers?.get('x-should-retry')).toBe('false')
  })

  it('answers 400 for a body that is not JSON', async () => {
    const response = await fetch(`${server.baseUrl}/audio/speech`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: 'say hello',
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      error: { type: 'invalid_request_error', message: 'The request body must be a JSON object' },
    })
  })

  it("gives the provider's caller a user-safe 'bad_request' for a wrong voice", async () => {
    const error = await failureOf(provider.synthesizeSpeech({ input: SENTENCE, voice: 'robot' as SpeechVoice }))
    expect(error).toBeInstanceOf(AiProviderError)
    expect(error).toMatchObject({ code: 'bad_request', details: { status: 400 } })
    expect((error as AiProviderError).message).not.toContain('robot')
  })

  it('stops flite when the client hangs up', { timeout: 90_000 }, async () => {
    const text = `${SENTENCE} `.repeat(90)
    const pieces = splitIntoPieces(speakableText(text)).length
    const startedBefore = speechEngineLoad().started
    const controller = new AbortController()
    const request = fetch(`${server.baseUrl}/audio/speech`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: LOCAL_MODELS.speech, voice: 'echo', input: text }),
      signal: controller.signal,
    })
    request.catch(() => undefined)
    await expect.poll(() => speechEngineLoad().active, { timeout: 10_000, interval: 10 }).toBeGreaterThan(0)
    controller.abort()
    // Once the hang-up is seen the running pieces are stopped and the rest never start. The wait is
    // generous for a loaded machine; the count of pieces started is what shows they were dropped.
    await expect
      .poll(() => speechEngineLoad(), { timeout: 10_000, interval: 10 })
      .toMatchObject({ active: 0, waiting: 0 })
    // Two pieces are spoken at once: the two going at the hang-up, at worst two more before it was seen.
    expect(pieces).toBeGreaterThan(10)
    expect(speechEngineLoad().started - startedBefore).toBeLessThanOrEqual(4)
  })

  it('stops when the caller aborts', async () => {
    const controller = new AbortController()
    const speaking = provider.synthesizeSpeech({
      input: SENTENCE.repeat(20),
      voice: 'fable',
      signal: controller.signal,
    })
    setTimeout(() => controller.abort(), 50)
    await expect(speaking).rejects.toMatchObject({ code: 'cancelled' })
  })
})
