import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'

import { AI_ERROR_MESSAGES } from '@promptly/ai/errors'
import type { ImageRequest, ImageResult } from '@promptly/ai/provider'

import { balanceOf } from '../credits/testing/users-with-credits.ts'
import { MemoryMediaStorage } from '../storage/testing/memory-media-storage.ts'
import { fakeAiProvider } from './testing/fake-ai-provider.ts'
import { useGenerationTestDatabase } from './testing/generation-test-database.ts'

const frame = useGenerationTestDatabase()
let png: string

beforeAll(async () => {
  const pixels = { width: 8, height: 8, channels: 4 as const, background: { r: 0, g: 128, b: 255, alpha: 0.5 } }
  png = (await sharp({ create: pixels }).png().toBuffer()).toString('base64')
})

/** A provider answering `count` images (the request's n when not given) of the given base64 bytes. */
function drawing(options: { count?: number; base64?: string; requests?: ImageRequest[] } = {}) {
  return fakeAiProvider({
    images: (request): Promise<ImageResult> => {
      options.requests?.push(request)
      const image = { base64: options.base64 ?? png, url: null, revisedPrompt: null }
      return Promise.resolve({
        images: Array.from({ length: options.count ?? request.n }, () => image),
        model: 'dall-e-3',
      })
    },
  })
}

const isJpeg = (bytes: Uint8Array) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff

describe('generation.image', () => {
  it('stores n images as JPEG for their owner and charges n x the quality cost', async () => {
    const ada = await frame.account('ada')
    const media = new MemoryMediaStorage()
    const requests: ImageRequest[] = []
    const caller = frame.caller(ada, { ai: drawing({ requests }), media })
    const answer = await caller.generation.image({ prompt: 'A lighthouse at dawn', n: 2, quality: 'hd', style: 'Art' })

    expect(answer).toMatchObject({ cost: 4, creditsLeft: 26 })
    expect(answer.images).toHaveLength(2)
    expect(requests).toMatchObject([{ n: 2, quality: 'hd', prompt: expect.stringContaining('A lighthouse at dawn') }])
    expect([...media.objects.values()].map((object) => [object.contentType, isJpeg(object.bytes)])).toEqual([
      ['image/jpeg', true],
      ['image/jpeg', true],
    ])
    const rows = await frame.db.prisma.storedMedia.findMany({ where: { generationId: answer.generationId } })
    expect(rows.map((row) => row.userId)).toEqual([ada.id, ada.id])
    expect(answer.images.map((image) => image.id).sort()).toEqual(rows.map((row) => row.id).sort())
    expect(answer.images[0]).toMatchObject({ url: `/media/${answer.images[0]?.id}`, contentType: 'image/jpeg' })
    expect(answer.images[0]?.shareUrl).toEqual(expect.any(String))
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(26)
    expect(await frame.db.prisma.generation.findUniqueOrThrow({ where: { id: answer.generationId } })).toMatchObject({
      kind: 'image',
      status: 'succeeded',
      credits: 4,
      input: { prompt: 'A lighthouse at dawn', n: 2, quality: 'hd', style: 'Art' },
    })
  })

  it('fills in the defaults: one hd image in the Professional style, for two credits', async () => {
    const ada = await frame.account('ada-defaults')
    const requests: ImageRequest[] = []
    const answer = await frame.caller(ada, { ai: drawing({ requests }) }).generation.image({ prompt: 'A cat' })
    expect(answer).toMatchObject({ cost: 2, creditsLeft: 28 })
    expect(answer.images).toHaveLength(1)
    expect(requests).toMatchObject([{ n: 1, quality: 'hd', prompt: 'A cat\nStyle: Professional.' }])
  })

  it('refunds everything and keeps nothing when fewer images come back than were paid for', async () => {
    const ada = await frame.account('ada-short')
    const media = new MemoryMediaStorage()
    const attempt = frame
      .caller(ada, { ai: drawing({ count: 1 }), media })
      .generation.image({ prompt: 'Two cats', n: 2 })
    await expect(attempt).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: AI_ERROR_MESSAGES.unavailable })
    expect(media.objects.size).toBe(0)
    expect(await frame.db.prisma.storedMedia.count({ where: { userId: ada.id } })).toBe(0)
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(30)
  })

  it('refunds bytes that are not an image, storing nothing unknown', async () => {
    const ada = await frame.account('ada-garbage')
    const media = new MemoryMediaStorage()
    const ai = drawing({ base64: Buffer.from('<html>not an image</html>').toString('base64') })
    await expect(frame.caller(ada, { ai, media }).generation.image({ prompt: 'A dog' })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    })
    expect(media.objects.size).toBe(0)
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(30)
  })

  it('refuses a count outside 1 to 10, an unknown style, a signed-out caller and a short balance', async () => {
    const ada = await frame.account('ada-refused', 1)
    let calls = 0
    const ai = fakeAiProvider({ images: () => Promise.reject(new Error(`called ${(calls += 1)}`)) })
    const asAda = frame.caller(ada, { ai }).generation
    await expect(asAda.image({ prompt: 'x', n: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(asAda.image({ prompt: 'x', n: 11 })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(asAda.image({ prompt: 'x', style: 'Nope' as 'Art' })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(asAda.image({ prompt: 'x', n: 1, quality: 'hd' })).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED' })
    await expect(frame.caller(null, { ai }).generation.image({ prompt: 'x' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    })
    expect(calls).toBe(0)
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(1)
  })

  it("keeps the images to their owner: another user's history and get see none of them", async () => {
    const ada = await frame.account('ada-owner')
    const bob = await frame.account('bob')
    const { generationId } = await frame.caller(ada, { ai: drawing() }).generation.image({ prompt: 'Mine' })
    expect((await frame.caller(bob).generation.history({})).items).toEqual([])
    await expect(frame.caller(bob).generation.get({ id: generationId })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect((await frame.caller(ada).generation.get({ id: generationId })).media).toHaveLength(1)
  })
})
