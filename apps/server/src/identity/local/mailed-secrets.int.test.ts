import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'

import { latestMailTo, mailsTo, sessionTokenFrom, uniqueClientAddress } from '../../testing/local-accounts.ts'
import { useTestApp } from '../../testing/use-test-app.ts'
import { SESSION_COOKIE } from './session-cookie.ts'

const ADMIN_EMAIL = 'boss@promptly.test'

/**
 * A stranger's view of the mail a portal sends, in every mode a server can be started in: the
 * links in it (verification, password reset) are as good as the account, so they must reach the
 * mailbox and nowhere else: not an answer, not a route, not a log line.
 */
describe.each(['development', 'test', 'production'])('mailed secrets with NODE_ENV=%s', (nodeEnv) => {
  let logged = ''
  const logStream = new PassThrough().on('data', (chunk: Buffer) => (logged += chunk.toString('utf8')))
  const t = useTestApp({ env: { NODE_ENV: nodeEnv, ADMIN_EMAILS: ADMIN_EMAIL, LOG_LEVEL: 'trace' }, logStream })

  it('stay in the mailbox: no answer, route or log line gives a stranger a link', async () => {
    const post = (url: string, payload: object, cookies: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url, payload, cookies, remoteAddress: uniqueClientAddress() })

    // A stranger signs up the admin address: the answer says "check your e-mail", nothing more.
    const signUp = await post('/api/auth/local/sign-up', {
      name: 'Not the boss',
      email: ADMIN_EMAIL,
      password: 'correct horse battery staple',
    })
    expect(signUp.statusCode).toBe(202)
    expect(signUp.json()).toEqual({ checkEmail: true, email: ADMIN_EMAIL })
    const cookies = { [SESSION_COOKIE]: sessionTokenFrom(signUp) }
    const verification = await latestMailTo(t.app, ADMIN_EMAIL)

    // No route serves the message, by its id or otherwise; the address is not an admin's yet.
    for (const url of [`/api/dev/outbox/${verification.id}`, `/api/dev/outbox`, `/outbox/${verification.id}.eml`]) {
      const res = await t.app.inject({ method: 'GET', url, cookies })
      expect(res.statusCode, url).toBe(404)
      expect(res.body).not.toContain('token=')
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', cookies })
    expect(me.json().user).toMatchObject({ email: ADMIN_EMAIL, emailVerified: false, isAdmin: false })

    // A new link on request: the answer is empty.
    await t.db.prisma.emailToken.updateMany({ data: { createdAt: new Date(Date.now() - 120_000) } })
    const resend = await post('/api/auth/local/verify-email/resend', {}, cookies)
    expect(resend.statusCode).toBe(202)
    expect(resend.json()).toEqual({})

    // A reset for a known address and an unknown one: the same answer, with no link in it.
    const known = await post('/api/auth/local/password-reset', { email: ADMIN_EMAIL })
    const unknown = await post('/api/auth/local/password-reset', { email: 'nobody@promptly.test' })
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202])
    expect(known.body).toBe(unknown.body)
    expect(known.json()).toEqual({})
    await latestMailTo(t.app, ADMIN_EMAIL, { where: (mail) => mail.subject === 'Reset your Promptly password' })

    // Every token the mails carry, and every link: none of them in the log. The log does name
    // each message and its recipient, which is all an operator needs to find it.
    const mails = await mailsTo(t.app, ADMIN_EMAIL)
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Confirm your e-mail address for Promptly',
      'Confirm your e-mail address for Promptly',
      'Reset your Promptly password',
    ])
    const tokens = mails.flatMap((mail) => mail.links.map((link) => new URL(link).searchParams.get('token') ?? ''))
    expect(tokens.filter(Boolean)).toHaveLength(3)
    for (const mail of mails) {
      expect(logged).toContain(mail.id)
      for (const link of mail.links) expect(logged).not.toContain(link)
    }
    for (const token of tokens.filter(Boolean)) expect(logged).not.toContain(token)
    expect(logged).toContain(ADMIN_EMAIL)
  })
})
