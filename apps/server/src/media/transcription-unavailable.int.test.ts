import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { afterAll, expect, it, vi } from 'vitest'

import { balanceOf } from '@promptly/api/credits/testing/users-with-credits'
import { silentMp3 } from '@promptly/core/media/testing/mp3-fixtures'

import { multipartBody } from '../testing/multipart.ts'
import { useTestApp } from '../testing/use-test-app.ts'

/**
 * The built-in local model on a server without Debian's recogniser (a PATH with no programs on it):
 * the user hears only that transcription is unavailable and pays nothing; the operator learns what
 * to install, at start-up and from /health.
 */

const INSTALL = 'Install them with: apt-get install pocketsphinx pocketsphinx-en-us lame sox'
let logged = ''
const logStream = new PassThrough().on('data', (chunk: Buffer) => (logged += chunk.toString('utf8')))
const t = useTestApp(() => {
  vi.stubEnv('PATH', mkdtempSync(join(tmpdir(), 'no-recogniser-')))
  return { env: { LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000' }, logStream }
})
afterAll(() => {
  vi.unstubAllEnvs()
})

it('tells the operator what to install, in the start-up log and in /health', async () => {
  const startUpWarnings = logged
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((entry) => entry.msg.includes(INSTALL))
  expect(startUpWarnings).toHaveLength(1)
  expect(startUpWarnings[0]?.msg).toContain('missing: lame, sox, pocketsphinx_continuous')

  const health = await t.app.inject({ method: 'GET', url: '/health' })
  expect(health.statusCode).toBe(200)
  const { status, warnings } = health.json<{ status: string; warnings: string[] }>()
  expect(status).toBe('ok')
  expect(warnings).toEqual([expect.stringContaining(INSTALL)])
})

it('tells the user plainly that transcription is unavailable, and charges nothing', async () => {
  const ada = await t.signUp()
  const before = await balanceOf(t.db.prisma, ada.user.id)
  const { payload, headers } = multipartBody([
    { name: 'file', value: Buffer.from(silentMp3(2)), fileName: 'note.mp3', contentType: 'audio/mpeg' },
  ])
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/response/transcription',
    payload,
    headers,
    cookies: ada.cookies,
  })
  expect(res.statusCode).toBeGreaterThanOrEqual(400)
  expect(res.json<{ message: string }>().message).toBe('Transcription is not available right now.')
  expect(res.body).not.toMatch(/apt-get|pocketsphinx|install/i)
  expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(before)
})
