import { PassThrough } from 'node:stream'
import type { LightMyRequestResponse } from 'fastify'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { createGeneratorTool } from '@promptly/api/generation/testing/generator-tool'
import { MEDIA_MESSAGES } from '@promptly/core/generation/media-options'
import { silentMp3 } from '@promptly/core/media/testing/mp3-fixtures'

import type { TestAccount } from '../testing/local-accounts.ts'
import { multipartBody } from '../testing/multipart.ts'
import { useTestApp } from '../testing/use-test-app.ts'

/**
 * The 500s a security test found from bad input, each now a 4xx with a clear message and nothing
 * logged as a failure. The log is read at level error: a 500 writes its error (and stack) there.
 */
const ADMIN_EMAIL = 'admin@promptly.test'

let logged = ''
const logStream = new PassThrough().on('data', (chunk: Buffer) => (logged += chunk.toString('utf8')))
const t = useTestApp({ fakeAi: true, env: { ADMIN_EMAILS: ADMIN_EMAIL, LOG_LEVEL: 'error' }, logStream })
let ada: TestAccount
let admin: TestAccount

beforeAll(async () => {
  // Verified through the mail's link (the frame's default): the trial's credits for Ada, and admin
  // rights for the admin address.
  ada = await t.signUp({ name: 'Ada' })
  admin = await t.signUp({ name: 'Root', email: ADMIN_EMAIL })
})
beforeEach(() => {
  logged = ''
})

function expectRefused(res: LightMyRequestResponse, status: number, message: string | RegExp): void {
  expect(res.statusCode, res.body).toBe(status)
  const body = res.json<{ status: string; message: string }>()
  expect(body.status).toBe('error')
  expect(body.message).toMatch(message)
  expect(res.body).not.toMatch(/"stack"|\.ts:\d+/)
  expect(logged).toBe('')
}

describe('transcription uploads', () => {
  const url = '/api/v2/response/transcription'

  it('answers a multipart upload without a boundary with 400 and says how to send it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...ada.bearer, 'content-type': 'multipart/form-data' },
      payload: Buffer.from(
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.mp3"\r\n\r\nabc\r\n--x--\r\n',
      ),
    })
    expectRefused(res, 400, MEDIA_MESSAGES.unreadableUpload)
  })

  it('answers an upload cut short with 400, charging nothing', async () => {
    const { payload, headers } = multipartBody([
      { name: 'file', value: silentMp3(2), fileName: 'a.mp3', contentType: 'audio/mpeg' },
    ])
    const before = await t.db.prisma.generation.count({ where: { userId: ada.user.id } })
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...ada.bearer, ...headers },
      payload: payload.subarray(0, payload.length / 2),
    })
    expectRefused(res, 400, MEDIA_MESSAGES.unreadableUpload)
    expect(await t.db.prisma.generation.count({ where: { userId: ada.user.id } })).toBe(before)
  })

  it('answers two files in one upload with 400 "Upload one file", not 413', async () => {
    const file = { name: 'file', value: silentMp3(1), fileName: 'a.mp3', contentType: 'audio/mpeg' }
    const { payload, headers } = multipartBody([file, { ...file, fileName: 'b.mp3' }])
    const res = await t.app.inject({ method: 'POST', url, headers: { ...ada.bearer, ...headers }, payload })
    expectRefused(res, 400, MEDIA_MESSAGES.oneFileOnly)
    expect(t.fakeAi.calls('/audio/transcriptions')).toBe(0)
  })
})

describe('control characters never reach the database', () => {
  it('answers GET /api/auth/avatar/%00.svg with 404, logging no failure', async () => {
    expectRefused(
      await t.app.inject({ method: 'GET', url: '/api/auth/avatar/%00.svg' }),
      404,
      'No avatar for this user',
    )
  })

  it.each([
    ['GET', '/api/v1/limits?clerkId=%00'],
    ['POST', '/api/v1/limits/decrease?clerkId=%00'],
    ['GET', '/api/v2/limits?clerkId=a%7Fb'],
  ])("answers an admin's %s %s with 400", async (method, url) => {
    const res = await t.app.inject({ method: method as 'GET' | 'POST', url, headers: admin.bearer })
    expectRefused(res, 400, 'A clerkId cannot hold control characters')
  })

  it('answers a sign-up whose name holds NUL or half a surrogate pair with 400', async () => {
    for (const name of ['Ada\u0000', 'Ada\ud800']) {
      const payload = { name, email: `nul-${name.length}@promptly.test`, password: 'a long and unusual passphrase 93' }
      expectRefused(
        await t.app.inject({ method: 'POST', url: '/api/auth/local/sign-up', payload }),
        400,
        'A name must be a single line of text',
      )
    }
  })

  it('answers NUL in a prompt or a form value (stored as jsonb) with 400, keeping tabs and line breaks', async () => {
    const tool = await createGeneratorTool(t.db.prisma)
    const paraphrase = await t.app.inject({
      method: 'POST',
      url: '/api/v2/response/paraphrase',
      headers: ada.bearer,
      payload: { prompt: 'a\u0000b' },
    })
    expectRefused(paraphrase, 400, /control character/)
    const run = await t.app.inject({
      method: 'POST',
      url: `/api/v1/objects/getResponseOfObject/${tool.id}`,
      headers: ada.bearer,
      payload: { groups: [['Bakery\u0000', 'friendly']] },
    })
    expectRefused(run, 400, /control character/)
    const fine = await t.app.inject({
      method: 'POST',
      url: '/api/v2/response/paraphrase',
      headers: ada.bearer,
      payload: { prompt: 'a\tb\r\nc' },
    })
    expect(fine.statusCode, fine.body).toBe(200)
  })
})
