import { afterAll, expect, it } from 'vitest'

import { useTestApp } from '../testing/use-test-app.ts'
import { startFakeS3Server, type FakeS3Server } from './fake-s3-server.ts'

let s3: FakeS3Server

const t = useTestApp(async () => {
  s3 = await startFakeS3Server()
  return {
    fakeAi: true,
    env: {
      S3_BUCKET: 'promptly-media',
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'AKIDTESTONLY',
      S3_SECRET_ACCESS_KEY: 'secret-test-only',
    },
  }
})
afterAll(() => s3.close())

it('stores generated audio in the configured bucket and serves it from there to its owner', async () => {
  const ada = await t.signUp()
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/response/speech',
    cookies: ada.cookies,
    payload: { input: 'Hello', voice: 'echo' },
  })
  expect(res.statusCode).toBe(200)
  const url = new URL(res.json<{ data: string }>().data).pathname
  const row = await t.db.prisma.storedMedia.findFirstOrThrow({ where: { userId: ada.user.id } })
  const object = s3.objects.get(`promptly-media/${row.storageKey}`)
  expect(object?.contentType).toBe('audio/mpeg')
  const served = await t.app.inject({ method: 'GET', url, cookies: ada.cookies, headers: { range: 'bytes=0-3' } })
  expect(served.statusCode).toBe(206)
  expect(served.rawPayload).toEqual(object?.body.subarray(0, 4))
})
