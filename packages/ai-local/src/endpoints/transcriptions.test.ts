import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import OpenAI, { APIError, toFile } from 'openai'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { DEFAULT_MODELS } from '@promptly/ai/config'
import { AiProviderError, LOCAL_MODEL_PROBLEMS } from '@promptly/ai/errors'

import { createLocalAiProvider } from '../local-ai-provider.ts'
import { createLocalModelServer, LOCAL_MODELS, type LocalModelServer } from '../local-server.ts'
import { encodeMp3 } from '../speech/mp3-encoder.ts'
import { synthesizeLocalSpeech } from '../speech/speech-synthesizer.ts'
import { recognizerLoad } from '../transcription/local-transcriber.ts'
import { recognizerSetupProblem } from '../transcription/recognizer-setup-problem.ts'
import { recognizerSkipReason } from '../transcription/recognizer-skip-reason.ts'

/** `POST /v1/audio/transcriptions` through the openai SDK, as production calls it. */

const provider = createLocalAiProvider({
  models: DEFAULT_MODELS,
  timeoutMs: 60_000,
  maxRetries: 0,
  localChunkDelayMs: 0,
})
const skipReason = await recognizerSkipReason()
const NOT_AUDIO = new TextEncoder().encode('Meeting notes: buy milk, call Ada, finish the report.\n')

let server: LocalModelServer
let client: OpenAI
beforeAll(async () => {
  server = await createLocalModelServer({ chunkDelayMs: 0 })
  client = new OpenAI({ baseURL: server.baseUrl, apiKey: server.token, maxRetries: 0 })
})
afterAll(() => server.close())
afterEach(() => {
  vi.unstubAllEnvs()
})

async function failureOf(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => expect.unreachable('the request should have failed'),
    (error: unknown) => error,
  )
}

/** An error and the errors it was caused by, one per line. */
function causeChain(error: unknown): string {
  const lines: string[] = []
  for (
    let current = error;
    current !== undefined && lines.length < 5;
    current = (current as { cause?: unknown }).cause
  ) {
    lines.push(current instanceof Error ? `${current.name}: ${current.message}` : String(current))
  }
  return lines.join('\n  caused by ')
}

/** One second of a quiet tone, as valid MP3. */
async function toneMp3(): Promise<Uint8Array> {
  const samples = new Int16Array(16_000).map((_, index) => Math.round(3_000 * Math.sin(index / 8)))
  return encodeMp3({ sampleRate: 16_000, samples })
}

function postForm(form: FormData | string, contentType?: string): Promise<Response> {
  return fetch(`${server.baseUrl}/audio/transcriptions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, ...(contentType ? { 'content-type': contentType } : {}) },
    body: form,
  })
}

/** The recogniser processes this process has started and not yet reaped. */
function recognizerProcesses(): string[] {
  let listing = ''
  try {
    listing = execFileSync('ps', ['-o', 'stat=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' })
  } catch {
    return [] // ps exits with 1 when there is no child at all
  }
  return listing
    .split('\n')
    .filter((line) => !line.trim().startsWith('Z')) // exited, waiting to be reaped
    .map((line) => line.trim().split(/\s+/u)[1] ?? '')
    .filter((name) => ['lame', 'sox', 'pocketsphinx_con'].some((program) => name.startsWith(program)))
}

describe('local transcription through the SDK: refusals', () => {
  it('answers 400 for a file that is not audio, and the provider says so in its own words', async () => {
    const error = await failureOf(
      client.audio.transcriptions.create({
        file: await toFile(NOT_AUDIO, 'notes.mp3'),
        model: LOCAL_MODELS.transcription,
      }),
    )
    expect(error).toBeInstanceOf(APIError)
    expect(error).toMatchObject({ status: 400, code: 'local_audio_unreadable' })

    const mapped = await failureOf(provider.transcribe({ audio: NOT_AUDIO, fileName: 'notes.mp3' }))
    expect(mapped).toBeInstanceOf(AiProviderError)
    expect(mapped).toMatchObject({
      code: 'bad_request',
      message: LOCAL_MODEL_PROBLEMS.local_audio_unreadable.message,
      details: { status: 400 },
    })
  })

  it('tells the user plainly that transcription is unavailable, and the operator what to install', async () => {
    vi.stubEnv('PATH', mkdtempSync(join(tmpdir(), 'empty-path-')))
    const raw = await failureOf(
      client.audio.transcriptions.create({
        file: await toFile(await toneMp3(), 'tone.mp3'),
        model: LOCAL_MODELS.transcription,
      }),
    )
    expect(raw).toMatchObject({ status: 501, code: 'local_transcription_unavailable' })
    expect((raw as APIError).message).toContain('missing: lame, sox, pocketsphinx_continuous')

    const mapped = await failureOf(provider.transcribe({ audio: await toneMp3(), fileName: 'tone.mp3' }))
    expect(mapped).toBeInstanceOf(AiProviderError)
    expect(mapped).toMatchObject({
      code: 'unsupported',
      retryable: false,
      details: { status: 501, providerCode: 'local_transcription_unavailable' },
    })
    expect((mapped as AiProviderError).message).toBe('Transcription is not available right now.')
    // The operator's words, for the log and /health: what to install and what is missing.
    expect(await recognizerSetupProblem()).toContain(
      'Install them with: apt-get install pocketsphinx pocketsphinx-en-us lame sox ' +
        '(missing: lame, sox, pocketsphinx_continuous',
    )
  })

  // Retried: on the CI machine with every package's tests running at once, the 25 MB upload has
  // twice ended in the SDK's "Connection error" after about 6 s, which no run here reproduced (not
  // alone, not under a CPU hog, not beside the server and api suites). The message carries the
  // error's causes so a failure says what broke.
  it('answers 413 for an upload over 25 MB', { timeout: 90_000, retry: 2 }, async () => {
    const tooLarge = new Uint8Array(25 * 1024 * 1024 + 1)
    const error = await failureOf(
      client.audio.transcriptions.create({
        file: await toFile(tooLarge, 'long.mp3'),
        model: LOCAL_MODELS.transcription,
      }),
    )
    expect(error, causeChain(error)).toMatchObject({ status: 413 })
  })

  it('answers 400 for a body that is not multipart, a missing file and an unknown response format', async () => {
    expect((await postForm('{"model":"x"}', 'application/json')).status).toBe(400)
    const withoutFile = new FormData()
    withoutFile.set('model', LOCAL_MODELS.transcription)
    const missingFile = await postForm(withoutFile)
    expect(missingFile.status).toBe(400)
    expect(await missingFile.json()).toMatchObject({ error: { message: 'file is required' } })
    const subtitles = new FormData()
    subtitles.set('model', LOCAL_MODELS.transcription)
    subtitles.set('response_format', 'srt')
    subtitles.set('file', new Blob([await toneMp3()], { type: 'audio/mpeg' }), 'tone.mp3')
    expect((await postForm(subtitles)).status).toBe(400)
  })
})

describe.skipIf(skipReason !== null)(
  `local transcription through the SDK: recognition${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let spoken: Uint8Array
    /** Half a minute of speech: recognising it takes several seconds. */
    let longSpeech: Uint8Array
    beforeAll(async () => {
      spoken = (
        await synthesizeLocalSpeech({ text: 'Please call me back tomorrow morning.', voice: 'echo', format: 'mp3' })
      ).audio
      longSpeech = (
        await synthesizeLocalSpeech({
          text: 'Please call me back tomorrow morning about the new project. '.repeat(8),
          voice: 'echo',
          format: 'mp3',
        })
      ).audio
    })

    it('answers { text } by default and plain text when asked', { timeout: 90_000 }, async () => {
      const json = await client.audio.transcriptions.create({
        file: await toFile(spoken, 'call.mp3'),
        model: LOCAL_MODELS.transcription,
      })
      expect(json.text.toLowerCase()).toContain('tomorrow morning')
      const text = await client.audio.transcriptions.create({
        file: await toFile(spoken, 'call.mp3'),
        model: LOCAL_MODELS.transcription,
        response_format: 'text',
      })
      expect(text).toBe(json.text)
    })

    it('answers an empty text for silence', { timeout: 90_000 }, async () => {
      const silence = await encodeMp3({ sampleRate: 16_000, samples: new Int16Array(16_000) })
      expect(await provider.transcribe({ audio: silence, fileName: 'silence.mp3' })).toEqual({
        text: '',
        model: LOCAL_MODELS.transcription,
      })
    })

    it('runs at most two recognisers at once and queues the rest', { timeout: 120_000 }, async () => {
      let mostActive = 0
      let mostWaiting = 0
      const sampler = setInterval(() => {
        mostActive = Math.max(mostActive, recognizerLoad().active)
        mostWaiting = Math.max(mostWaiting, recognizerLoad().waiting)
      }, 5)
      try {
        const results = await Promise.all(
          [1, 2, 3].map(() => provider.transcribe({ audio: spoken, fileName: 'call.mp3' })),
        )
        for (const result of results) expect(result.text.toLowerCase()).toContain('tomorrow morning')
      } finally {
        clearInterval(sampler)
      }
      expect(mostActive).toBe(2)
      expect(mostWaiting).toBe(1)
    })

    it('kills the recogniser processes when the client hangs up', { timeout: 90_000 }, async () => {
      const controller = new AbortController()
      const form = new FormData()
      form.set('model', LOCAL_MODELS.transcription)
      form.set('file', new Blob([longSpeech], { type: 'audio/mpeg' }), 'call.mp3')
      const request = fetch(`${server.baseUrl}/audio/transcriptions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.token}` },
        body: form,
        signal: controller.signal,
      })
      request.catch(() => undefined)
      await expect.poll(() => recognizerProcesses().length, { timeout: 10_000, interval: 10 }).toBeGreaterThan(0)
      controller.abort()
      await expect.poll(() => recognizerProcesses(), { timeout: 3_000, interval: 20 }).toEqual([])
      // The slot is released once the killed processes' exit is seen, a moment after they are gone.
      await expect.poll(() => recognizerLoad(), { timeout: 3_000, interval: 20 }).toEqual({ active: 0, waiting: 0 })
    })
  },
)
