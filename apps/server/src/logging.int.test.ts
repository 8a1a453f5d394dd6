import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'

import { useTestApp } from './testing/use-test-app.ts'

let logged = ''
const stream = new PassThrough().on('data', (chunk: Buffer) => (logged += chunk.toString('utf8')))
const t = useTestApp({ env: { LOG_LEVEL: 'trace' }, logStream: stream })

describe('structured logs', () => {
  it('never contain a password, a session token or a credential header', async () => {
    const password = 'a very secret passphrase 9f3k'
    const account = await t.signUp({ password })
    await t.app.inject({ method: 'GET', url: '/api/v1/limits', headers: account.bearer })
    await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `promptly_session=${account.token}` } })
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/local/sign-in',
      payload: { email: account.email, password: 'wrong but also secret 77' },
    })
    await t.app.inject({ method: 'GET', url: `/api/v1/limits?token=${account.token}` })

    expect(logged).toContain('"reqId"')
    expect(logged).not.toContain(password)
    expect(logged).not.toContain('wrong but also secret 77')
    expect(logged).not.toContain(account.token)
  })

  it('are one JSON object per line with a request id', () => {
    const lines = logged.trim().split('\n')
    expect(lines.length).toBeGreaterThan(3)
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow()
  })
})

describe('an answer served before the stack (a stored or cached list)', () => {
  const allTools = encodeURIComponent(JSON.stringify({ json: { category: 'All Tools' } }))
  const trpcList = `/trpc/tools.byCategory?input=${allTools}`
  const restList = '/api/v1/objects/getObjectByLabel/All%20Tools'

  it('is logged as completed, with its request id and status, like any other', async () => {
    const served: Record<string, string | undefined> = {}
    for (const [door, url, marker] of [
      ['trpc', trpcList, 'x-cache'],
      ['rest', restList, 'x-fast-path'],
    ] as const) {
      // The first fills the caches; the second is answered from them.
      await t.app.inject({ method: 'GET', url })
      const res = await t.app.inject({ method: 'GET', url, headers: { 'x-request-id': `cached-${door}-answer` } })
      expect(res.statusCode).toBe(200)
      served[door] = res.headers[marker] as string | undefined
    }
    expect(served).toEqual({ trpc: 'hit', rest: 'hit' })

    const completed = logged
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { reqId?: string; msg?: string; res?: { statusCode?: number } })
      .filter((entry) => entry.msg === 'request completed' && entry.reqId?.startsWith('cached-'))
    expect(completed.map((entry) => [entry.reqId, entry.res?.statusCode])).toEqual([
      ['cached-trpc-answer', 200],
      ['cached-rest-answer', 200],
    ])
  })
})
