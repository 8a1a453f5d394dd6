import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { TRPCClientError, type TRPCClient } from '@trpc/client'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { balanceOf } from '@promptly/api/credits/testing/users-with-credits'
import type { MediaItem } from '@promptly/api/media/media-item.schema'
import type { AppRouter } from '@promptly/api/root'
import { PARAPHRASE_INSTRUCTION } from '@promptly/core/generation/media'
import { silentMp3 } from '@promptly/core/media/testing/mp3-fixtures'

import { spendDownTo } from '../testing/generation-fixtures.ts'
import { ledgerSnapshot } from '../testing/ledger-snapshot.ts'
import type { TestAccount } from '../testing/local-accounts.ts'
import { useTestApp } from '../testing/use-test-app.ts'

const t = useTestApp({ seed: true, fakeAi: true, listen: true })
let ada: TestAccount
let bob: TestAccount
let asAda: TRPCClient<AppRouter>
let signedOut: TRPCClient<AppRouter>

beforeAll(() => {
  signedOut = t.trpc()
})
beforeEach(async () => {
  ada = await t.signUp({ name: 'Ada' })
  bob = await t.signUp({ name: 'Bob' })
  asAda = t.trpc(ada)
})

async function codeOf(call: Promise<unknown>): Promise<string | undefined> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(TRPCClientError)
  return (error as TRPCClientError<AppRouter>).data?.code
}

/** Files under the app's media folder (every stored object, whoever owns it). */
async function storedFiles(): Promise<string[]> {
  const root = path.join(t.config.dataDir, 'media')
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name)
}

function getMedia(url: string, account: TestAccount | null, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { ...(account ? account.bearer : {}), ...headers } })
}

describe('signed out', () => {
  it('refuses every dedicated tool with UNAUTHORIZED and calls no provider', async () => {
    const before = t.fakeAi.server.requests.length
    expect(await codeOf(signedOut.generation.paraphrase.mutate({ prompt: 'Hello' }))).toBe('UNAUTHORIZED')
    expect(
      await codeOf(signedOut.generation.image.mutate({ prompt: 'A fox', n: 1, quality: 'standard', style: 'Art' })),
    ).toBe('UNAUTHORIZED')
    expect(await codeOf(signedOut.generation.speech.mutate({ input: 'Hello', voice: 'alloy' }))).toBe('UNAUTHORIZED')
    expect(t.fakeAi.server.requests.length).toBe(before)
  })
})

describe('validation', () => {
  it('answers BAD_REQUEST for bad input and charges nothing', async () => {
    const before = await ledgerSnapshot(t.db.prisma, ada.user.id)
    // Called one at a time: a rejected promise left waiting would be reported as unhandled.
    const bad: Array<() => Promise<unknown>> = [
      () => asAda.generation.paraphrase.mutate({ prompt: '   ' }),
      () => asAda.generation.paraphrase.mutate({ prompt: 'x'.repeat(5_001) }),
      () => asAda.generation.image.mutate({ prompt: '', n: 1, quality: 'hd', style: 'Art' }),
      () => asAda.generation.image.mutate({ prompt: 'A fox', n: 0, quality: 'hd', style: 'Art' }),
      () => asAda.generation.image.mutate({ prompt: 'A fox', n: 11, quality: 'hd', style: 'Art' }),
      // @ts-expect-error: quality is hd or standard
      () => asAda.generation.image.mutate({ prompt: 'A fox', n: 1, quality: 'ultra', style: 'Art' }),
      // @ts-expect-error: not one of the style chips
      () => asAda.generation.image.mutate({ prompt: 'A fox', n: 1, quality: 'hd', style: 'Cubist' }),
      () => asAda.generation.speech.mutate({ input: '', voice: 'alloy' }),
      // @ts-expect-error: not one of the six voices
      () => asAda.generation.speech.mutate({ input: 'Hello', voice: 'robot' }),
    ]
    for (const call of bad) expect(await codeOf(call())).toBe('BAD_REQUEST')
    expect(await ledgerSnapshot(t.db.prisma, ada.user.id)).toEqual(before)
    expect(t.fakeAi.server.requests).toHaveLength(0)
  })

  it("says the spec's words for an empty prompt and a missing voice", async () => {
    const empty = await asAda.generation.paraphrase.mutate({ prompt: '' }).catch((error: unknown) => error)
    expect((empty as Error).message).toContain('Please enter the text to generate')
    // @ts-expect-error: the voice is required
    const noVoice = await asAda.generation.speech.mutate({ input: 'Hello' }).catch((error: unknown) => error)
    expect((noVoice as Error).message).toContain('Please select a tone to generate audio')
  })
})

describe('generation.paraphrase', () => {
  it(
    'returns the plain text, charges 1 credit and records ' + 'a paraphrase generation of the paraphrase tool',
    async () => {
      const result = await asAda.generation.paraphrase.mutate({ prompt: 'We bake bread.\nEvery morning.' })
      expect(result.text).toBe('Our bakery bakes bread daily.\nFresh every morning.')
      expect(result.creditsLeft).toBe(29)
      expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(29)
      const chat = t.fakeAi.server.requests.find((request) => request.path === '/v1/chat/completions')
      const sent = JSON.parse(chat?.body.toString('utf8') ?? '{}') as {
        messages: Array<{ role: string; content: string }>
      }
      expect(sent.messages).toEqual([
        { role: 'system', content: PARAPHRASE_INSTRUCTION },
        { role: 'user', content: 'We bake bread.\nEvery morning.' },
      ])
      const row = await t.db.prisma.generation.findUniqueOrThrow({
        where: { id: result.generationId },
        include: { tool: true },
      })
      expect(row).toMatchObject({
        kind: 'paraphrase',
        status: 'succeeded',
        credits: 1,
        input: { prompt: 'We bake bread.\nEvery morning.' },
      })
      expect(row.tool?.kind).toBe('paraphrase')
      // History keeps HTML like every generation: one escaped paragraph per line.
      expect(row.output).toBe('<p>Our bakery bakes bread daily.</p><p>Fresh every morning.</p>')
    },
  )

  it('refunds and fails when the model answers nothing but whitespace', async () => {
    t.fakeAi.behaviour.paraphrase = ['  ', '\n']
    expect(await codeOf(asAda.generation.paraphrase.mutate({ prompt: 'Hello' }))).toBe('SERVICE_UNAVAILABLE')
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(30)
    expect(await t.db.prisma.generation.findFirst({ where: { userId: ada.user.id } })).toMatchObject({
      kind: 'paraphrase',
      status: 'failed',
    })
  })
})

describe('generation.image', () => {
  it('charges n x 2 for hd (3 images: 6 credits) and stores each as a JPEG its owner alone can fetch', async () => {
    const result = await asAda.generation.image.mutate({
      prompt: 'A red fox in snow',
      n: 3,
      quality: 'hd',
      style: 'Photo',
    })
    expect(result.cost).toBe(6)
    expect(result.creditsLeft).toBe(24)
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(24)
    expect(result.images).toHaveLength(3)
    const prompts = t.fakeAi.server.requests
      .filter((request) => request.path === '/v1/images/generations')
      .map((request) => JSON.parse(request.body.toString('utf8')) as { prompt: string; quality: string })
    expect(prompts[0]).toMatchObject({ prompt: 'A red fox in snow\nStyle: Photo.', quality: 'hd' })

    for (const image of result.images) {
      expect(image).toEqual({
        id: image.id,
        url: `/media/${image.id}`,
        contentType: 'image/jpeg',
        shareUrl: expect.stringMatching(new RegExp(`^${t.config.appUrl}/media/${image.id}\\?exp=\\d+&sig=`)),
      })
      const own = await getMedia(image.url, ada)
      expect(own.statusCode).toBe(200)
      expect(own.headers['content-type']).toBe('image/jpeg')
      expect(own.headers['cache-control']).toMatch(/^private/)
      expect(own.headers['x-content-type-options']).toBe('nosniff')
      // A JPEG by its bytes (SOI marker), converted from the provider's PNG.
      expect(own.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]))
      // Anyone else: the same 404 as for a file that does not exist.
      expect((await getMedia(image.url, bob)).statusCode).toBe(404)
      expect((await getMedia(image.url, null)).statusCode).toBe(404)
    }
    const stored = await t.db.prisma.storedMedia.findMany({ where: { generationId: result.generationId } })
    expect(stored.every((row) => row.userId === ada.user.id && !row.storageKey.includes(ada.user.id))).toBe(true)
  })

  it('charges n x 1 for standard quality', async () => {
    const result = await asAda.generation.image.mutate({ prompt: 'A fox', n: 2, quality: 'standard', style: 'Art' })
    expect(result.cost).toBe(2)
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(28)
  })

  it('downloads images the provider answers with by URL, on the server', async () => {
    t.fakeAi.behaviour.images = 'url'
    const result = await asAda.generation.image.mutate({ prompt: 'A fox', n: 1, quality: 'standard', style: 'Art' })
    const own = await getMedia(result.images[0]!.url, ada)
    expect(own.statusCode).toBe(200)
    expect(own.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]))
  })

  it('refunds everything and keeps no image when the provider fails', async () => {
    t.fakeAi.behaviour.images = 500
    const filesBefore = await storedFiles()
    expect(await codeOf(asAda.generation.image.mutate({ prompt: 'A fox', n: 3, quality: 'hd', style: 'Art' }))).toBe(
      'SERVICE_UNAVAILABLE',
    )
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(30)
    const row = await t.db.prisma.generation.findFirstOrThrow({ where: { userId: ada.user.id } })
    expect(row).toMatchObject({
      kind: 'image',
      status: 'failed',
      error: 'The AI service is unavailable right now. Please try again later.',
    })
    expect(await t.db.prisma.storedMedia.count({ where: { userId: ada.user.id } })).toBe(0)
    expect(await storedFiles()).toEqual(filesBefore)
  })

  it('refunds and deletes the images already stored when a later one turns out not to be an image', async () => {
    t.fakeAi.behaviour.images = 'second-broken'
    const filesBefore = await storedFiles()
    expect(
      await codeOf(asAda.generation.image.mutate({ prompt: 'A fox', n: 3, quality: 'standard', style: 'Art' })),
    ).toBe('SERVICE_UNAVAILABLE')
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(30)
    expect(await t.db.prisma.storedMedia.count({ where: { userId: ada.user.id } })).toBe(0)
    expect(await storedFiles()).toEqual(filesBefore)
  })

  it('answers PAYMENT_REQUIRED when the balance is short, charging nothing', async () => {
    await spendDownTo(t.db.prisma, ada.user.id, 5)
    const before = await ledgerSnapshot(t.db.prisma, ada.user.id)
    expect(await codeOf(asAda.generation.image.mutate({ prompt: 'A fox', n: 3, quality: 'hd', style: 'Art' }))).toBe(
      'PAYMENT_REQUIRED',
    )
    expect(await ledgerSnapshot(t.db.prisma, ada.user.id)).toEqual(before)
    expect(t.fakeAi.calls('/images/generations')).toBe(0)
  })
})

describe('generation.speech', () => {
  it('stores the MP3 for its owner, with byte ranges for seeking', async () => {
    const result = await asAda.generation.speech.mutate({ input: 'Hello there', voice: 'nova' })
    expect(result.creditsLeft).toBe(29)
    expect(result.audio.contentType).toBe('audio/mpeg')
    const sent = t.fakeAi.server.requests.find((request) => request.path === '/v1/audio/speech')
    expect(JSON.parse(sent?.body.toString('utf8') ?? '{}')).toMatchObject({ input: 'Hello there', voice: 'nova' })
    const whole = await getMedia(result.audio.url, ada)
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['content-type']).toBe('audio/mpeg')
    expect(whole.headers['accept-ranges']).toBe('bytes')
    expect(whole.rawPayload).toEqual(Buffer.from(silentMp3(1)))
    const part = await getMedia(result.audio.url, ada, { range: 'bytes=100-199' })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 100-199/${whole.rawPayload.length}`)
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(100, 200))
    expect((await getMedia(result.audio.url, ada, { range: `bytes=${whole.rawPayload.length}-` })).statusCode).toBe(416)
    expect((await getMedia(result.audio.url, bob, { range: 'bytes=0-9' })).statusCode).toBe(404)
  })

  it('refunds when the provider fails, and when it sends something that is not an MP3', async () => {
    t.fakeAi.behaviour.speech = 503
    expect(await codeOf(asAda.generation.speech.mutate({ input: 'Hello', voice: 'alloy' }))).toBe('SERVICE_UNAVAILABLE')
    t.fakeAi.behaviour.speech = new TextEncoder().encode('<html>not audio</html>')
    expect(await codeOf(asAda.generation.speech.mutate({ input: 'Hello', voice: 'alloy' }))).toBe('SERVICE_UNAVAILABLE')
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(30)
    expect(await t.db.prisma.storedMedia.count({ where: { userId: ada.user.id } })).toBe(0)
  })

  it('refunds when the caller goes away while the provider is still working', async () => {
    t.fakeAi.behaviour.speech = 'hang'
    const leaving = new AbortController()
    const call = asAda.generation.speech.mutate({ input: 'Hello', voice: 'alloy' }, { signal: leaving.signal })
    await waitFor(async () => t.fakeAi.calls('/audio/speech') === 1)
    leaving.abort()
    await expect(call).rejects.toThrow()
    await waitFor(
      async () => (await t.db.prisma.generation.findFirst({ where: { userId: ada.user.id } }))?.status === 'failed',
    )
    expect(await t.db.prisma.generation.findFirst({ where: { userId: ada.user.id } })).toMatchObject({
      error: 'The generation was cancelled.',
    })
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(30)
  })
})

async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await condition()) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error('waited in vain')
}

describe('deleting a generation', () => {
  it('deletes its media too: the row, the stored file, and /media/:id then answers 404', async () => {
    const result = await asAda.generation.speech.mutate({ input: 'Delete me later', voice: 'alloy' })
    expect((await getMedia(result.audio.url, ada)).statusCode).toBe(200)
    const filesBefore = await storedFiles()
    await asAda.generation.delete.mutate({ id: result.generationId })
    expect((await getMedia(result.audio.url, ada)).statusCode).toBe(404)
    expect(await t.db.prisma.storedMedia.count({ where: { id: result.audio.id } })).toBe(0)
    expect(await storedFiles()).toHaveLength(filesBefore.length - 1)
  })

  it('lets nobody else delete it, and leaves the media in place', async () => {
    const result = await asAda.generation.speech.mutate({ input: 'Mine', voice: 'alloy' })
    expect(await codeOf(t.trpc(bob).generation.delete.mutate({ id: result.generationId }))).toBe('NOT_FOUND')
    expect((await getMedia(result.audio.url, ada)).statusCode).toBe(200)
  })
})

describe('/media/:id', () => {
  it('answers 404 (not 500) for a malformed id and for an unknown one', async () => {
    expect((await getMedia('/media/not-a-uuid', ada)).statusCode).toBe(404)
    expect((await getMedia('/media/..%2F..%2Fetc%2Fpasswd', ada)).statusCode).toBe(404)
    expect((await getMedia('/media/00000000-0000-4000-8000-000000000000', ada)).statusCode).toBe(404)
  })
})

describe('history', () => {
  it('lists the kind and the media of each generation, to their owner only', async () => {
    const image = await asAda.generation.image.mutate({
      prompt: 'A lighthouse',
      n: 2,
      quality: 'standard',
      style: 'Victorian',
    })
    const speech = await asAda.generation.speech.mutate({ input: 'Good evening', voice: 'onyx' })
    const page = await asAda.generation.history.query({})
    // History gives each file's session URL; the share URLs are the generation's answer's alone.
    const asListed = ({ id, url, contentType }: MediaItem) => ({ id, url, contentType })
    expect(page.items.map((item) => [item.kind, item.media])).toEqual([
      ['text_to_audio', [asListed(speech.audio)]],
      ['image', image.images.map(asListed)],
    ])
    expect(page.items[1]?.preview).toBe('A lighthouse Style: Victorian')
    const detail = await asAda.generation.get.query({ id: image.generationId })
    expect(detail).toMatchObject({ kind: 'image', media: image.images.map(asListed), status: 'succeeded', credits: 2 })
    // What was asked, for 'Run again'.
    expect(detail.request).toEqual({ prompt: 'A lighthouse', n: 2, quality: 'standard', style: 'Victorian' })
    expect((await asAda.generation.get.query({ id: speech.generationId })).request).toEqual({
      prompt: 'Good evening',
      voice: 'onyx',
    })
    const paraphrased = await asAda.generation.paraphrase.mutate({ prompt: 'Keep this text' })
    expect((await asAda.generation.get.query({ id: paraphrased.generationId })).request).toEqual({
      prompt: 'Keep this text',
    })

    const asBob = t.trpc(bob)
    expect((await asBob.generation.history.query({})).items).toEqual([])
    expect(await codeOf(asBob.generation.get.query({ id: image.generationId }))).toBe('NOT_FOUND')
  })

  it("never shows another user's media even if a row were linked to the caller's generation", async () => {
    const image = await asAda.generation.image.mutate({ prompt: 'A boat', n: 1, quality: 'standard', style: 'Art' })
    const planted = await t.db.prisma.storedMedia.create({
      data: {
        userId: bob.user.id,
        generationId: image.generationId,
        storageKey: 'images/planted.jpg',
        contentType: 'image/jpeg',
        bytes: 1,
      },
    })
    const detail = await asAda.generation.get.query({ id: image.generationId })
    expect(detail.media.map((item) => item.id)).toEqual(image.images.map((item) => item.id))
    const item = (await asAda.generation.history.query({})).items.find((row) => row.id === image.generationId)
    expect(item?.media.map((media) => media.id)).not.toContain(planted.id)
    expect((await getMedia(`/media/${planted.id}`, ada)).statusCode).toBe(404)
  })
})
