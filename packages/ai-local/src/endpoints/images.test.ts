import { createHash } from 'node:crypto'
import OpenAI, { APIError } from 'openai'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEFAULT_MODELS } from '@promptly/ai/config'
import { AiProviderError } from '@promptly/ai/errors'
import { imagePrompt } from '@promptly/core/generation/media'

import { imageRendererLoad } from '../images/render-image.ts'
import { createLocalAiProvider } from '../local-ai-provider.ts'
import { createLocalModelServer, LOCAL_MODELS, type LocalModelServer } from '../local-server.ts'

/** `POST /v1/images/generations` through the openai SDK, as production calls it. */

const provider = createLocalAiProvider({
  models: DEFAULT_MODELS,
  timeoutMs: 60_000,
  maxRetries: 0,
  localChunkDelayMs: 0,
})

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

const pngOf = (base64: string | null | undefined) => Buffer.from(base64 ?? '', 'base64')
const hash = (png: Buffer) => createHash('sha256').update(png).digest('hex')

describe('local image generation through the SDK', () => {
  it('draws n PNGs at the default size with the provider, each different', async () => {
    const result = await provider.generateImages({
      prompt: 'a cat and a rocket',
      n: 3,
      quality: 'standard',
      style: 'Art',
    })
    expect(result.model).toBe(LOCAL_MODELS.image)
    expect(result.images).toHaveLength(3)
    for (const image of result.images) {
      expect(image.url).toBeNull()
      expect(image.revisedPrompt).toContain('cat, rocket')
      const metadata = await sharp(pngOf(image.base64)).metadata()
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 1024, 1024])
    }
    expect(new Set(result.images.map((image) => hash(pngOf(image.base64)))).size).toBe(3)
  })

  it.each(['1792x1024', '1024x1792'] as const)('honours size %s, hd', async (size) => {
    const result = await provider.generateImages({
      prompt: 'a lighthouse at dusk',
      n: 1,
      quality: 'hd',
      style: 'Victorian',
      size,
    })
    const metadata = await sharp(pngOf(result.images[0]?.base64)).metadata()
    expect(`${metadata.width}x${metadata.height}`).toBe(size)
  })

  it("answers OpenAI's shape, and the same pictures for the same request", async () => {
    const request = {
      model: LOCAL_MODELS.image,
      prompt: imagePrompt('a fox in the snow', 'Drawing'),
      n: 2,
      size: '256x256',
      response_format: 'b64_json',
    } as const
    const first = await client.images.generate(request)
    const again = await client.images.generate(request)
    expect(first.created).toBeTypeOf('number')
    expect(first.data).toHaveLength(2)
    expect(first.data?.map((image) => image.b64_json)).toEqual(again.data?.map((image) => image.b64_json))
    expect(first.data?.[0]?.revised_prompt).toMatch(
      /^a fox in the snow \(drawn by the local model: fox, snowflake in the Drawing style\)$/,
    )
  })

  it.each([
    ['n=0', { n: 0 }, 'n must be between 1 and 10'],
    ['n=11', { n: 11 }, 'n must be between 1 and 10'],
    ['an empty prompt', { prompt: '  ' }, 'prompt is empty'],
    ['an unknown size', { size: '640x480' }, 'size must be one of 1024x1024, 1792x1024, 1024x1792, 512x512, 256x256'],
    [
      'a URL answer, which it cannot host',
      { response_format: 'url' },
      'response_format must be b64_json with the local model',
    ],
  ])("answers 400 in OpenAI's error shape for %s", async (_case, body, message) => {
    const error = await failureOf(
      client.images.generate({
        model: LOCAL_MODELS.image,
        prompt: 'a cat',
        ...body,
      } as OpenAI.ImageGenerateParamsNonStreaming),
    )
    expect(error).toBeInstanceOf(APIError)
    expect(error).toMatchObject({ status: 400, error: { type: 'invalid_request_error', message } })
    expect((error as APIError).headers?.get('x-should-retry')).toBe('false')
  })

  it("gives the provider's caller a user-safe 'bad_request' for n=11", async () => {
    const error = await failureOf(provider.generateImages({ prompt: 'a cat', n: 11, quality: 'standard' }))
    expect(error).toBeInstanceOf(AiProviderError)
    expect(error).toMatchObject({ code: 'bad_request', details: { status: 400 } })
  })

  it('drops the queued pictures when the client hangs up', async () => {
    const startedBefore = imageRendererLoad().started
    const controller = new AbortController()
    const request = fetch(`${server.baseUrl}/images/generations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: LOCAL_MODELS.image,
        prompt: 'a busy harbour with ships',
        n: 10,
        size: '1792x1024',
        quality: 'hd',
      }),
      signal: controller.signal,
    })
    request.catch(() => undefined)
    await expect.poll(() => imageRendererLoad().waiting, { timeout: 10_000, interval: 1 }).toBeGreaterThan(0)
    controller.abort()
    // The queue empties as soon as the hang-up is seen; the pictures already drawing finish, which on a
    // loaded machine can take seconds each, so the wait is generous and the count is what is checked.
    await expect.poll(() => imageRendererLoad().waiting, { timeout: 5_000, interval: 5 }).toBe(0)
    await expect
      .poll(() => imageRendererLoad(), { timeout: 60_000, interval: 20 })
      .toMatchObject({ active: 0, waiting: 0 })
    // At most two draw at once: the two drawing at the hang-up, and at worst two more started before it
    // was seen. Drawing all ten would mean the queue was not dropped.
    expect(imageRendererLoad().started - startedBefore).toBeLessThanOrEqual(4)
  })
})
