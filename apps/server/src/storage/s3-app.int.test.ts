import { afterAll, afterEach, expect, it, vi } from 'vitest'

import { MEDIA_URL_LIFETIME_SECONDS } from '@promptly/api/media/media-url-signature'

import { startFakeS3Server, type FakeS3Server } from '../testing/fake-s3-server.ts'
import { createTestApiKey } from '../testing/test-api-keys.ts'
import { useTestApp } from '../testing/use-test-app.ts'

let s3: FakeS3Server
const credentials = { accessKeyId: 'AKIDTESTONLY', secretAccessKey: 'secret-test-only' }

const t = useTestApp(async () => {
  s3 = await startFakeS3Server({ credentials })
  return {
    fakeAi: true,
    env: {
      S3_BUCKET: 'promptly-media',
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
  }
})
afterAll(() => s3.close())
afterEach(() => vi.useRealTimers())

it('stores generated audio in the configured bucket and serves it from there to its owner', async () => {
  const ada = await t.signUp()
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/response/speech',
    cookies: ada.cookies,
    payload: { input: 'Hello', voice: 'echo' },
  })
  expect(res.statusCode).toBe(200)
  const row = await t.db.prisma.storedMedia.findFirstOrThrow({ where: { userId: ada.user.id } })
  const object = s3.objects.get(`promptly-media/${row.storageKey}`)
  expect(object?.contentType).toBe('audio/mpeg')
  // The web app's path: /media/{id}, streamed by the app from the bucket to the owner's session.
  const url = `/media/${row.id}`
  const served = await t.app.inject({ method: 'GET', url, cookies: ada.cookies, headers: { range: 'bytes=0-3' } })
  expect(served.statusCode).toBe(206)
  expect(served.rawPayload).toEqual(object?.body.subarray(0, 4))
})

it('answers presigned URLs the bucket serves to anyone, until they expire or the generation is deleted', async () => {
  const ada = await t.signUp()
  const key = await createTestApiKey(t.app, ada, ['generate'])
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/response/speech',
    headers: key,
    payload: { input: 'Hello', voice: 'echo' },
  })
  expect(res.statusCode).toBe(200)
  const url = new URL(res.json<{ data: string }>().data)
  const row = await t.db.prisma.storedMedia.findFirstOrThrow({ where: { userId: ada.user.id } })
  expect(`${url.origin}${url.pathname}`).toBe(`${s3.endpoint}/promptly-media/${row.storageKey}`)
  expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256')
  expect(url.searchParams.get('X-Amz-Expires')).toBe(String(MEDIA_URL_LIFETIME_SECONDS))

  // Straight from the bucket, with nothing but the URL (no Authorization header).
  const served = await fetch(url)
  expect(served.status).toBe(200)
  expect(served.headers.get('content-type')).toBe('audio/mpeg')
  expect(served.headers.get('cache-control')).toBe('private, no-cache')
  expect(served.headers.get('content-disposition')).toBe('inline; filename="audio_file.mp3"')
  expect(Buffer.from(await served.arrayBuffer())).toEqual(s3.objects.get(`promptly-media/${row.storageKey}`)?.body)
  expect(s3.requests.at(-1)).toMatchObject({ method: 'GET', authorization: undefined })

  const tampered = new URL(url)
  tampered.searchParams.set('response-cache-control', 'public, max-age=31536000')
  expect((await fetch(tampered)).status).toBe(403)
  const signedAt = Date.parse(
    url.searchParams.get('X-Amz-Date')!.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
  )
  vi.useFakeTimers({ toFake: ['Date'], now: signedAt + (MEDIA_URL_LIFETIME_SECONDS + 1) * 1000 })
  expect((await fetch(url)).status).toBe(403)
  vi.useRealTimers()

  const deleted = await t.app.inject({
    method: 'POST',
    url: '/trpc/generation.delete',
    headers: ada.bearer,
    payload: { json: { id: row.generationId } },
  })
  expect(deleted.statusCode).toBe(200)
  expect((await fetch(url)).status).toBe(404)
})
