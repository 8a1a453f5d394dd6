import type { LightMyRequestResponse } from 'fastify'
import { beforeEach, describe, expect, it } from 'vitest'

import { balanceOf } from '@promptly/api/credits/testing/users-with-credits'
import { transcriptionOutput } from '@promptly/api/generation/transcription.schema'
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@promptly/core/generation/media-options'
import { silentMp3 } from '@promptly/core/media/testing/mp3-fixtures'

import { ledgerSnapshot } from '../testing/ledger-snapshot.ts'
import type { TestAccount } from '../testing/local-accounts.ts'
import { multipartBody, type MultipartPart } from '../testing/multipart.ts'
import { useTestApp } from '../testing/use-test-app.ts'

const t = useTestApp({ seed: true, fakeAi: true, listen: true })
let ada: TestAccount
let bob: TestAccount

beforeEach(async () => {
  ada = await t.signUp({ name: 'Ada' })
  bob = await t.signUp({ name: 'Bob' })
})

const BASES = ['/api/v1', '/api/v2'] as const

function post(
  url: string,
  account: TestAccount | null,
  payload: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url, payload, ...(account && { cookies: account.cookies }) })
}

function upload(
  account: TestAccount | null,
  parts: MultipartPart[],
  base = '/api/v2',
): Promise<LightMyRequestResponse> {
  const { payload, headers } = multipartBody(parts)
  return t.app.inject({
    method: 'POST',
    url: `${base}/response/transcription`,
    payload,
    headers,
    ...(account && { cookies: account.cookies }),
  })
}

const mp3File = (bytes: Uint8Array = silentMp3(2), fileName = 'voice-note.mp3'): MultipartPart => ({
  name: 'file',
  value: bytes,
  fileName,
  contentType: 'audio/mpeg',
})

/** The media URLs REST answers with are signed share URLs on APP_URL; the bare path is the owner's session's. */
const pathOf = (url: string) => new URL(url).pathname

describe('signed out', () => {
  it.each(BASES)('answers 401 on every %s/response call and calls no provider', async (base) => {
    const calls = [
      post(`${base}/response/paraphrase`, null, { prompt: 'Hello' }),
      post(`${base}/response/image`, null, { prompt: 'A fox', n: 1, quality: 'hd', style: 'Art' }),
      post(`${base}/response/speech`, null, { input: 'Hello', voice: 'alloy' }),
      upload(null, [mp3File()], base),
    ]
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ status: 'error', error: 'Please Signin to continue' })
    }
    expect(t.fakeAi.server.requests).toHaveLength(0)
  })
})

describe('POST /response/paraphrase', () => {
  it.each(BASES)('%s: data is the paraphrased text; 1 credit', async (base) => {
    const res = await post(`${base}/response/paraphrase`, ada, { prompt: 'We bake bread.' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      status: 'OK',
      message: 'Paraphrased',
      data: 'Our bakery bakes bread daily.\nFresh every morning.',
    })
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(29)
  })

  it("refuses another user's clerkId with 403, charging nothing", async () => {
    const res = await post(`/api/v2/response/paraphrase?clerkId=${encodeURIComponent(bob.user.clerkId)}`, ada, {
      prompt: 'Hello',
    })
    expect(res.statusCode).toBe(403)
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(30)
    expect(await balanceOf(t.db.prisma, bob.user.id)).toBe(30)
  })
})

describe('POST /response/image', () => {
  it('data is the image URLs; n=3 hd costs 6; each URL serves a JPEG to its owner only', async () => {
    const res = await post('/api/v2/response/image?clerkId=' + encodeURIComponent(ada.user.clerkId), ada, {
      prompt: 'A fox',
      n: 3,
      quality: 'hd',
      style: 'Art',
    })
    expect(res.statusCode).toBe(200)
    const { data } = res.json<{ data: string[] }>()
    expect(data).toHaveLength(3)
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(24)
    for (const url of data) {
      expect(url).toMatch(new RegExp(`^${t.config.appUrl}/media/[0-9a-f-]{36}\\?exp=\\d+&sig=[\\w-]{43}$`))
      const own = await t.app.inject({ method: 'GET', url: pathOf(url), cookies: ada.cookies })
      expect(own.statusCode).toBe(200)
      expect(own.headers['content-type']).toBe('image/jpeg')
      expect((await t.app.inject({ method: 'GET', url: pathOf(url), cookies: bob.cookies })).statusCode).toBe(404)
    }
  })

  it('takes n as the text a form sends, and the defaults for what is left out', async () => {
    const res = await post('/api/v1/response/image', ada, { prompt: 'A fox', n: '2' })
    expect(res.statusCode).toBe(200)
    expect(res.json<{ data: string[] }>().data).toHaveLength(2)
    // Defaults: hd, Professional.
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(26)
    const sent = JSON.parse(t.fakeAi.server.requests.at(-1)?.body.toString('utf8') ?? '{}') as {
      prompt: string
      quality: string
    }
    expect(sent).toMatchObject({ prompt: 'A fox\nStyle: Professional.', quality: 'hd' })
  })

  it('refunds on a provider failure: 503 with the user-safe message', async () => {
    t.fakeAi.behaviour.images = 500
    const res = await post('/api/v2/response/image', ada, { prompt: 'A fox', n: 3, quality: 'hd', style: 'Art' })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toMatchObject({
      status: 'error',
      error: 'The AI service is unavailable right now. Please try again later.',
    })
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(30)
    expect(await t.db.prisma.storedMedia.count({ where: { userId: ada.user.id } })).toBe(0)
  })
})

describe('POST /response/speech', () => {
  it('data is the MP3 URL; 1 credit; the audio plays for its owner', async () => {
    const res = await post('/api/v2/response/speech', ada, { input: 'Hello there', voice: 'shimmer' })
    expect(res.statusCode).toBe(200)
    const { data } = res.json<{ data: string }>()
    const audio = await t.app.inject({ method: 'GET', url: pathOf(data), cookies: ada.cookies })
    expect(audio.statusCode).toBe(200)
    expect(audio.headers['content-type']).toBe('audio/mpeg')
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(29)
  })
})

describe('validation', () => {
  it('answers 400 with the reason, charges nothing and calls no provider', async () => {
    const before = await ledgerSnapshot(t.db.prisma, ada.user.id)
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/response/paraphrase', { prompt: '' }, MEDIA_MESSAGES.emptyText],
      ['/response/paraphrase', {}, MEDIA_MESSAGES.emptyText],
      ['/response/image', { prompt: '  ', n: 1 }, MEDIA_MESSAGES.emptyText],
      ['/response/image', { prompt: 'A fox', n: 0 }, 'Choose 1 to 10 images'],
      ['/response/image', { prompt: 'A fox', n: 11 }, 'Choose 1 to 10 images'],
      ['/response/image', { prompt: 'A fox', n: 2.5 }, 'Choose 1 to 10 images'],
      ['/response/image', { prompt: 'A fox', quality: 'ultra' }, 'Quality is hd or standard'],
      ['/response/image', { prompt: 'A fox', style: 'Cubist' }, 'Style is one of'],
      ['/response/speech', { input: '', voice: 'alloy' }, MEDIA_MESSAGES.emptySpeechText],
      ['/response/speech', { input: 'Hello', voice: 'robot' }, MEDIA_MESSAGES.noVoice],
      ['/response/speech', { input: 'Hello' }, MEDIA_MESSAGES.noVoice],
    ]
    for (const [path, body, message] of cases) {
      const res = await post(`/api/v2${path}`, ada, body)
      expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400)
      expect(res.json<{ error: string }>().error).toContain(message)
    }
    expect(await ledgerSnapshot(t.db.prisma, ada.user.id)).toEqual(before)
    expect(t.fakeAi.server.requests).toHaveLength(0)
  })

  it('keeps multipart parsing to the transcription route: elsewhere it is 415', async () => {
    const { payload, headers } = multipartBody([{ name: 'prompt', value: 'Hello' }])
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/response/paraphrase',
      payload,
      headers,
      cookies: ada.cookies,
    })
    expect(res.statusCode).toBe(415)
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(30)
  })
})

describe('POST /response/transcription', () => {
  it.each(BASES)(
    '%s: data is the transcription (transcriptionOutput); 1 credit; the provider gets the MP3',
    async (base) => {
      const bytes = silentMp3(2, { id3: true })
      const res = await upload(ada, [{ name: 'model', value: 'whisper-1' }, mp3File(bytes)], base)
      expect(res.statusCode).toBe(200)
      const data = transcriptionOutput.parse(res.json<{ data: unknown }>().data)
      expect(data).toMatchObject({ text: 'Hello from the recording.', creditsLeft: 29 })
      const sent = t.fakeAi.server.requests.find((request) => request.path === '/v1/audio/transcriptions')
      expect(sent?.body.includes(Buffer.from(bytes))).toBe(true)
      expect(sent?.body.toString('latin1')).toContain('filename="voice-note.mp3"')
      const row = await t.db.prisma.generation.findUniqueOrThrow({
        where: { id: data.generationId },
        include: { tool: true },
      })
      expect(row).toMatchObject({
        kind: 'transcription',
        status: 'succeeded',
        credits: 1,
        output: '<p>Hello from the recording.</p>',
      })
      expect(row.tool?.kind).toBe('transcription')
    },
  )

  it('works as the web app calls it: fetch, FormData and the session cookie', async () => {
    const form = new FormData()
    form.append('file', new Blob([Buffer.from(silentMp3(1))], { type: 'audio/mpeg' }), 'clip.mp3')
    const cookie = Object.entries(ada.cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ')
    const res = await fetch(`${t.baseUrl}/api/v2/response/transcription`, {
      method: 'POST',
      body: form,
      headers: { cookie },
    })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { data: unknown }
    expect(transcriptionOutput.parse(body.data).text).toBe('Hello from the recording.')
  })

  it(
    'refuses what is not an MP3 by its bytes (a renamed ' + '.txt), a missing file and a non-upload, charging nothing',
    async () => {
      const before = await ledgerSnapshot(t.db.prisma, ada.user.id)
      const renamed = await upload(ada, [mp3File(Buffer.from('Meeting notes\nBuy milk\n'.repeat(40)), 'notes.mp3')])
      expect(renamed.statusCode).toBe(400)
      expect(renamed.json()).toMatchObject({ error: MEDIA_MESSAGES.notMp3 })
      const missing = await upload(ada, [{ name: 'model', value: 'whisper-1' }])
      expect(missing.statusCode).toBe(400)
      expect(missing.json()).toMatchObject({ error: MEDIA_MESSAGES.noAudioFile })
      const wrongField = await upload(ada, [{ ...mp3File(), name: 'audio' }])
      expect(wrongField.json()).toMatchObject({ error: MEDIA_MESSAGES.noAudioFile })
      const empty = await upload(ada, [mp3File(new Uint8Array())])
      expect(empty.json()).toMatchObject({ error: MEDIA_MESSAGES.noAudioFile })
      const json = await post('/api/v2/response/transcription', ada, { file: 'voice.mp3' })
      expect(json.statusCode).toBe(400)
      expect(json.json()).toMatchObject({ error: MEDIA_MESSAGES.noAudioFile })
      expect(await ledgerSnapshot(t.db.prisma, ada.user.id)).toEqual(before)
      expect(t.fakeAi.server.requests).toHaveLength(0)
    },
  )

  it('refuses audio longer than the limit by its frames, charging nothing', async () => {
    const before = await ledgerSnapshot(t.db.prisma, ada.user.id)
    const res = await upload(ada, [mp3File(silentMp3(MEDIA_LIMITS.transcriptionSeconds + 30))])
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ error: MEDIA_MESSAGES.audioTooLong })
    expect(await ledgerSnapshot(t.db.prisma, ada.user.id)).toEqual(before)
  })

  it(
    'answers 413 for an upload over the size limit, whether ' + 'the length says so up front or not, charging nothing',
    async () => {
      const before = await ledgerSnapshot(t.db.prisma, ada.user.id)
      // Just over the limit: inside the framing allowance, so the multipart parser's own cap stops it.
      const justOver = Buffer.concat([Buffer.from(silentMp3(1)), Buffer.alloc(MEDIA_LIMITS.transcriptionBytes)])
      const first = await upload(ada, [mp3File(justOver)])
      expect(first.statusCode).toBe(413)
      expect(first.json()).toMatchObject({ status: 'error', error: MEDIA_MESSAGES.audioTooLarge })
      // Far over: refused from Content-Length before the body is read.
      const farOver = await upload(ada, [mp3File(Buffer.alloc(MEDIA_LIMITS.transcriptionBytes + 512 * 1024))])
      expect(farOver.statusCode).toBe(413)
      expect(farOver.json()).toMatchObject({ error: MEDIA_MESSAGES.audioTooLarge })
      expect(await ledgerSnapshot(t.db.prisma, ada.user.id)).toEqual(before)
      expect(t.fakeAi.server.requests).toHaveLength(0)
    },
  )

  it('refunds when the provider fails', async () => {
    t.fakeAi.behaviour.transcription = 500
    const res = await upload(ada, [mp3File()])
    expect(res.statusCode).toBe(503)
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(30)
    expect(await t.db.prisma.generation.findFirst({ where: { userId: ada.user.id } })).toMatchObject({
      kind: 'transcription',
      status: 'failed',
    })
  })

  it('refunds when the audio holds no words', async () => {
    t.fakeAi.behaviour.transcription = '   '
    const res = await upload(ada, [mp3File()])
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ error: 'No speech was found in this audio.' })
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(30)
    expect(await t.db.prisma.generation.findFirst({ where: { userId: ada.user.id } })).toMatchObject({
      status: 'failed',
      error: 'No speech was found in this audio.',
    })
  })
})
