import { beforeEach, expect, it } from 'vitest'

import { balanceOf } from '@promptly/api/credits/testing/users-with-credits'
import { transcriptionOutput } from '@promptly/api/generation/transcription.schema'
import { readMp3 } from '@promptly/core/media/mp3'

import type { TestAccount } from '../testing/local-accounts.ts'
import { multipartBody } from '../testing/multipart.ts'
import { useTestApp } from '../testing/use-test-app.ts'

/**
 * The four tools end to end through the built-in local model (no OPENAI_* set): its lexical
 * paraphraser, flite speech, pocketsphinx transcription, and its images endpoint. Slow-ish (real
 * engines), so one happy path each.
 */

const t = useTestApp({ seed: true, env: { RATE_LIMIT_PER_MINUTE: '100000' } })
let ada: TestAccount

beforeEach(async () => {
  ada = await t.signUp()
})

function post(url: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `/api/v2${url}`, payload, cookies: ada.cookies })
}

it('paraphrases with the local model', async () => {
  const res = await post('/response/paraphrase', { prompt: 'Our small bakery makes fresh bread every morning.' })
  expect(res.statusCode).toBe(200)
  const text = res.json<{ data: string }>().data
  expect(text.trim().length).toBeGreaterThan(10)
  expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(29)
})

it('speaks with the local model and transcribes that speech back', { timeout: 60_000 }, async () => {
  const spoken = await post('/response/speech', { input: 'Good morning. The weather is nice today.', voice: 'alloy' })
  expect(spoken.statusCode).toBe(200)
  const audio = await t.app.inject({
    method: 'GET',
    url: new URL(spoken.json<{ data: string }>().data).pathname,
    cookies: ada.cookies,
  })
  expect(audio.statusCode).toBe(200)
  const mp3 = readMp3(audio.rawPayload)
  expect(mp3?.seconds).toBeGreaterThan(1)

  const { payload, headers } = multipartBody([
    { name: 'file', value: audio.rawPayload, fileName: 'audio_file.mp3', contentType: 'audio/mpeg' },
  ])
  const heard = await t.app.inject({
    method: 'POST',
    url: '/api/v2/response/transcription',
    payload,
    headers,
    cookies: ada.cookies,
  })
  expect(heard.statusCode, heard.body).toBe(200)
  const { text } = transcriptionOutput.parse(heard.json<{ data: unknown }>().data)
  // A small recogniser on synthetic speech: some of the words, not necessarily all.
  expect(text.toLowerCase()).toMatch(/morning|weather|nice|today/)
  expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(28)
})

it('draws with the local model: n JPEGs its owner can fetch, n x 1 credits for standard quality', async () => {
  const res = await post('/response/image', {
    prompt: 'A red fox in the snow',
    n: 2,
    quality: 'standard',
    style: 'Art',
  })
  expect(res.statusCode, res.body).toBe(200)
  const urls = res.json<{ data: string[] }>().data
  expect(urls).toHaveLength(2)
  for (const url of urls) {
    const image = await t.app.inject({ method: 'GET', url: new URL(url).pathname, cookies: ada.cookies })
    expect(image.headers['content-type']).toBe('image/jpeg')
    expect(image.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]))
  }
  expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(28)
})
