import { afterEach, describe, expect, it } from 'vitest'

import { DEFAULT_MODELS, type AiConfig } from './config.ts'
import { AiProviderError } from './errors.ts'
import type { AiProvider } from './provider.ts'
import { createRemoteAiProvider } from './remote-ai-provider.ts'
import {
  chunkLine,
  sendJson,
  startEventStream,
  startFakeOpenAiServer,
  streamWholeAnswer,
  type FakeHandler,
  type FakeOpenAiServer,
} from './testing/fake-openai-server.ts'

const API_KEY = 'sk-test-7f3a9c2e-super-secret'
const RAW_PROVIDER_TEXT = 'Internal meltdown in shard 7; upstream said: invalid key sk-test-7f3a…'

let server: FakeOpenAiServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function providerFor(handler: FakeHandler, overrides: Partial<AiConfig> = {}): Promise<AiProvider> {
  server = await startFakeOpenAiServer(handler)
  return createRemoteAiProvider({
    apiKey: API_KEY,
    baseUrl: server.baseUrl,
    models: DEFAULT_MODELS,
    timeoutMs: 5_000,
    maxRetries: 1,
    localChunkDelayMs: 0,
    ...overrides,
  })
}

async function collect(stream: AsyncIterable<string>): Promise<string> {
  let text = ''
  for await (const piece of stream) text += piece
  return text
}

async function failureOf(work: Promise<unknown>): Promise<AiProviderError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(AiProviderError)
  return error as AiProviderError
}

function expectUserSafe(error: AiProviderError): void {
  for (const text of [error.message, String(error), JSON.stringify(error), error.stack ?? '']) {
    expect(text).not.toContain(API_KEY)
    expect(text).not.toContain('sk-test')
    expect(text).not.toContain('meltdown')
  }
}

describe('the openai SDK against an OpenAI-compatible server', () => {
  it('streams a chat completion, sending the configured model, both messages and the key', async () => {
    const provider = await providerFor((_request, response) => streamWholeAnswer(response, ['<p>Hello', ' world</p>']))
    expect(await collect(provider.streamText({ system: 'Answer in HTML.', prompt: 'Say hello' }))).toBe(
      '<p>Hello world</p>',
    )
    const request = server!.requests[0]!
    expect(request.path).toBe('/v1/chat/completions')
    expect(request.authorization).toBe(`Bearer ${API_KEY}`)
    expect(JSON.parse(request.body.toString())).toMatchObject({
      model: 'gpt-4o-mini',
      stream: true,
      messages: [
        { role: 'system', content: 'Answer in HTML.' },
        { role: 'user', content: 'Say hello' },
      ],
    })
    expect(provider).toMatchObject({ name: 'openai-compatible', isLocal: false })
  })

  it("leaves a remote server's request as it was: the attempt's seed is for the local model", async () => {
    const provider = await providerFor((_request, response) => streamWholeAnswer(response, ['<p>Hi</p>']))
    await collect(provider.streamText({ system: 'Answer in HTML.', prompt: 'Say hi', seed: 42 }))
    expect(JSON.parse(server!.requests[0]!.body.toString())).not.toHaveProperty('seed')
  })

  it('retries once after a 429, with backoff, and succeeds', async () => {
    const provider = await providerFor((_request, response, index) => {
      if (index === 0)
        sendJson(response, 429, {
          error: { message: RAW_PROVIDER_TEXT, type: 'rate_limit', code: 'rate_limit_exceeded' },
        })
      else streamWholeAnswer(response, ['<p>after retry</p>'])
    })
    const started = performance.now()
    expect(await collect(provider.streamText({ system: 's', prompt: 'p' }))).toBe('<p>after retry</p>')
    expect(server!.requests).toHaveLength(2)
    // The SDK's default backoff for the first retry: 0.5 s less up to 25 % jitter.
    expect(performance.now() - started).toBeGreaterThanOrEqual(350)
  })

  it("answers 'unavailable' after 500 twice, without the server's text or the key", async () => {
    const provider = await providerFor((_request, response) =>
      sendJson(
        response,
        500,
        { error: { message: RAW_PROVIDER_TEXT, type: 'server_error', code: 'shard_down' } },
        { 'retry-after-ms': '10' },
      ),
    )
    const error = await failureOf(collect(provider.streamText({ system: 's', prompt: 'p' })))
    expect(error.code).toBe('unavailable')
    expect(error.message).toBe('The AI service is unavailable right now. Please try again later.')
    expect(error.details).toEqual({ status: 500, providerCode: 'shard_down', retryAfterMs: 10 })
    expect(error.retryable).toBe(true)
    expectUserSafe(error)
    expect(server!.requests).toHaveLength(2)
  })

  it("answers 'rate_limited' when the server keeps refusing with 429", async () => {
    const provider = await providerFor((_request, response) =>
      sendJson(response, 429, { error: { message: RAW_PROVIDER_TEXT } }, { 'retry-after-ms': '10' }),
    )
    const error = await failureOf(collect(provider.streamText({ system: 's', prompt: 'p' })))
    expect(error.code).toBe('rate_limited')
    expectUserSafe(error)
  })

  it("answers 'bad_request' for a 400, without retrying", async () => {
    const provider = await providerFor((_request, response) =>
      sendJson(response, 400, { error: { message: RAW_PROVIDER_TEXT, code: 'context_length_exceeded' } }),
    )
    const error = await failureOf(collect(provider.streamText({ system: 's', prompt: 'p' })))
    expect(error.code).toBe('bad_request')
    expect(server!.requests).toHaveLength(1)
    expectUserSafe(error)
  })

  it("answers 'timeout' when the server does not answer within the timeout (after one retry)", async () => {
    const provider = await providerFor(
      (_request, response) => {
        setTimeout(() => streamWholeAnswer(response, ['too late']), 3_000).unref()
      },
      { timeoutMs: 200 },
    )
    // Had the timeout not cut the wait, the late answer would have arrived and been returned.
    const error = await failureOf(collect(provider.streamText({ system: 's', prompt: 'p' })))
    expect(error.code).toBe('timeout')
    expect(error.message).toBe('The AI service took too long to answer. Please try again.')
    expect(server!.requests).toHaveLength(2)
  })

  it("answers 'timeout' when a stream stops sending chunks, and closes the connection", async () => {
    const provider = await providerFor(
      (_request, response) => {
        startEventStream(response)
        response.write(chunkLine('<p>first words'))
        // ...and then nothing, with the connection left open.
      },
      { timeoutMs: 300 },
    )
    const pieces: string[] = []
    const error = await failureOf(
      (async () => {
        for await (const piece of provider.streamText({ system: 's', prompt: 'p' })) pieces.push(piece)
      })(),
    )
    expect(pieces).toEqual(['<p>first words'])
    expect(error.code).toBe('timeout')
    expect(await server!.requests[0]!.closed).toBe(true)
  })

  it('waits the timeout from the last chunk, not from the start: a slow steady stream finishes', async () => {
    const provider = await providerFor(
      async (_request, response) => {
        startEventStream(response)
        // Ten chunks 50 ms apart: 500 ms in all, against a 300 ms wait for each chunk.
        for (let sent = 0; sent < 10; sent += 1) {
          response.write(chunkLine(`word${sent} `))
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
        response.write(chunkLine('', 'stop'))
        response.end('data: [DONE]\n\n')
      },
      { timeoutMs: 300 },
    )
    const pieces: string[] = []
    for await (const piece of provider.streamText({ system: 's', prompt: 'p' })) pieces.push(piece)
    expect(pieces.join('')).toBe(Array.from({ length: 10 }, (_, sent) => `word${sent} `).join(''))
  })

  it("answers 'cancelled' when the caller aborts mid-stream, and the server sees the connection closed", async () => {
    const provider = await providerFor((_request, response) => {
      startEventStream(response)
      let sent = 0
      const timer = setInterval(() => {
        if (sent === 200 || response.destroyed) return clearInterval(timer)
        response.write(chunkLine(`word${sent} `))
        sent += 1
      }, 20)
    })
    const controller = new AbortController()
    const received: string[] = []
    const error = await failureOf(
      (async () => {
        for await (const piece of provider.streamText({ system: 's', prompt: 'p', signal: controller.signal })) {
          received.push(piece)
          if (received.length === 3) controller.abort()
        }
      })(),
    )
    expect(error.code).toBe('cancelled')
    expect(error.message).toBe('The generation was cancelled.')
    expect(received).toHaveLength(3)
    expect(await server!.requests[0]!.closed).toBe(true)
  })

  it("answers 'cancelled' at once when aborted while the SDK waits to retry", async () => {
    const controller = new AbortController()
    const provider = await providerFor((_request, response) => {
      // Once the refusal has left the server: the abort lands while the SDK reads it or waits out
      // the 50 s retry-after, which must answer the same. Were the abort not to cut that wait, the
      // test would hit its timeout.
      response.on('finish', () => controller.abort())
      sendJson(response, 429, { error: { message: 'slow down' } }, { 'retry-after': '50' })
    })
    const error = await failureOf(collect(provider.streamText({ system: 's', prompt: 'p', signal: controller.signal })))
    expect(error.code).toBe('cancelled')
    expect(server!.requests).toHaveLength(1)
  })

  it("answers 'unavailable' when the stream ends without finishing", async () => {
    const provider = await providerFor((_request, response) => {
      startEventStream(response)
      response.end(chunkLine('<p>half an answ'))
    })
    const error = await failureOf(collect(provider.streamText({ system: 's', prompt: 'p' })))
    expect(error.code).toBe('unavailable')
    expect(error.details.providerCode).toBe('stream_cut_short')
  })

  it("answers 'unavailable' for an error event inside the stream, without its text", async () => {
    const provider = await providerFor((_request, response) => {
      startEventStream(response)
      response.write(chunkLine('<p>partial'))
      response.end(`data: ${JSON.stringify({ error: { message: RAW_PROVIDER_TEXT, type: 'server_error' } })}\n\n`)
    })
    const error = await failureOf(collect(provider.streamText({ system: 's', prompt: 'p' })))
    expect(error.code).toBe('unavailable')
    expectUserSafe(error)
  })

  it("answers 'unavailable' when nothing listens at the address", async () => {
    const provider = await providerFor((_request, response) => sendJson(response, 200, {}), { maxRetries: 0 })
    await server!.close()
    const error = await failureOf(collect(provider.streamText({ system: 's', prompt: 'p' })))
    expect(error.code).toBe('unavailable')
  })
})

describe('images, speech and transcription through the SDK', () => {
  it('makes dall-e-3 images one request each, in base64, with the style in the prompt', async () => {
    const provider = await providerFor((request, response) => {
      const body = JSON.parse(request.body.toString()) as { n: number }
      sendJson(response, 200, {
        created: 0,
        data: Array.from({ length: body.n }, (_, i) => ({ b64_json: `aW1hZ2U${i}`, revised_prompt: 'a red fox' })),
      })
    })
    const result = await provider.generateImages({ prompt: 'a fox', n: 3, quality: 'hd', style: 'Photo' })
    expect(result.images).toHaveLength(3)
    expect(result.images[0]).toEqual({ base64: 'aW1hZ2U0', url: null, revisedPrompt: 'a red fox' })
    expect(server!.requests).toHaveLength(3)
    expect(JSON.parse(server!.requests[0]!.body.toString())).toMatchObject({
      model: 'dall-e-3',
      n: 1,
      quality: 'hd',
      response_format: 'b64_json',
      prompt: 'a fox\nStyle: Photo.',
    })
  })

  it("answers 'unavailable' for image and transcription answers of the wrong shape, not a TypeError", async () => {
    const provider = await providerFor((request, response) =>
      request.path.startsWith('/v1/images/')
        ? sendJson(response, 200, { created: 0, data: [{ b64_json: 42, url: { href: 'x' } }] })
        : sendJson(response, 200, { text: ['not', 'a', 'string'] }),
    )
    const images = await failureOf(
      provider.generateImages({ prompt: 'a fox', n: 1, quality: 'standard', style: 'Art' }),
    )
    expect(images).toMatchObject({ code: 'unavailable', details: { providerCode: 'no_images' } })
    const error = await failureOf(provider.transcribe({ audio: new Uint8Array([1, 2, 3]), fileName: 'clip.mp3' }))
    expect(error.code).toBe('unavailable')
  })

  it('returns speech as mp3 bytes', async () => {
    const provider = await providerFor((_request, response) => {
      response.writeHead(200, { 'content-type': 'audio/mpeg' })
      response.end(Buffer.from([0xff, 0xfb, 0x90, 0x64]))
    })
    const result = await provider.synthesizeSpeech({ input: 'Hello there', voice: 'nova' })
    expect([...result.audio]).toEqual([0xff, 0xfb, 0x90, 0x64])
    expect(result).toMatchObject({ contentType: 'audio/mpeg', model: 'tts-1' })
    expect(JSON.parse(server!.requests[0]!.body.toString())).toEqual({
      model: 'tts-1',
      voice: 'nova',
      input: 'Hello there',
      response_format: 'mp3',
    })
  })

  it('uploads audio for transcription as multipart and returns the text', async () => {
    const provider = await providerFor((_request, response) => sendJson(response, 200, { text: 'hello world' }))
    const result = await provider.transcribe({ audio: new Uint8Array([1, 2, 3]), fileName: 'clip.mp3' })
    expect(result).toEqual({ text: 'hello world', model: 'whisper-1' })
    const request = server!.requests[0]!
    expect(request.path).toBe('/v1/audio/transcriptions')
    expect(request.contentType).toMatch(/^multipart\/form-data/)
    expect(request.body.toString()).toContain('whisper-1')
    expect(request.body.toString()).toContain('clip.mp3')
  })
})
