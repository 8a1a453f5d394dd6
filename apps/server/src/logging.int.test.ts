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
