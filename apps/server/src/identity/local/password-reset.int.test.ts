import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { describe, expect, it } from 'vitest'

import { MESSAGES } from '@promptly/core/messages'

import { latestMailTo, mailLinkTo, sessionTokenFrom, type TestAccount } from '../../testing/local-accounts.ts'
import { useTestApp } from '../../testing/use-test-app.ts'
import { hashEmailToken } from './email-tokens.ts'
import { SESSION_COOKIE } from './session-cookie.ts'

const t = useTestApp()

const NEW_PASSWORD = 'a brand new passphrase 7'

function requestReset(email: string, remoteAddress = '127.0.0.1') {
  return t.app.inject({ method: 'POST', url: '/api/auth/local/password-reset', payload: { email }, remoteAddress })
}
function confirm(token: string, password = NEW_PASSWORD, cookies: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/local/password-reset/confirm',
    payload: { token, password },
    cookies,
  })
}
function me(cookies: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: '/api/auth/me', cookies })
}
function signIn(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/local/sign-in', payload: { email, password } })
}

/** Asks for a reset link for the account and returns the token from the mail. */
async function resetTokenFor(account: TestAccount): Promise<string> {
  const before = await latestMailTo(t.app, account.email)
  const res = await requestReset(account.email.toUpperCase())
  expect(res.statusCode).toBe(202)
  const link = await mailLinkTo(t.app, account.email, '/reset-password', { newerThan: before.id })
  return new URL(link, 'http://x').searchParams.get('token') ?? ''
}

describe('POST /password-reset', () => {
  it('answers 202 for a known and an unknown address alike, mailing only the known one', async () => {
    const account = await t.signUp()
    const known = await requestReset(account.email)
    const unknown = await requestReset(`nobody-${crypto.randomUUID()}@example.test`)
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202])
    expect(unknown.json()).toEqual({})
    expect(known.body).toBe(unknown.body)
    expect(unknown.headers['cache-control']).toBe('no-store')
    const mail = await latestMailTo(t.app, account.email, {
      where: (sent) => sent.subject !== 'Confirm your e-mail address for Promptly',
    })
    expect(mail.subject).toBe('Reset your Promptly password')
    const row = await t.db.prisma.emailToken.findFirstOrThrow({
      where: { userId: account.user.id, purpose: 'reset_password' },
    })
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(3_600_000)
  })

  it('limits requests per address and client to 5 an hour', async () => {
    const account = await t.signUp()
    for (let i = 0; i < 5; i++) expect((await requestReset(account.email, '198.51.100.30')).statusCode).toBe(202)
    const blocked = await requestReset(account.email, '198.51.100.30')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toMatchObject({ error: MESSAGES.tooManyResetRequests, code: 'TOO_MANY_REQUESTS' })
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    expect((await requestReset(account.email, '198.51.100.31')).statusCode).toBe(202)
  })
})

describe('POST /password-reset/confirm', () => {
  it('sets the password, ends every session, verifies the address and signs this browser in', async () => {
    const account = await t.signUp({ verified: false })
    const second = await signIn(account.email, account.password)
    const secondCookies = { [SESSION_COOKIE]: sessionTokenFrom(second) }
    const token = await resetTokenFor(account)

    const res = await confirm(token)
    expect(res.statusCode).toBe(200)
    expect(res.json().user).toMatchObject({ id: account.user.id, emailVerified: true })
    const fresh = { [SESSION_COOKIE]: sessionTokenFrom(res) }

    expect((await me(account.cookies)).json().user).toBeNull()
    expect((await me(secondCookies)).json().user).toBeNull()
    expect((await me(fresh)).json().user.id).toBe(account.user.id)
    expect(await t.db.prisma.session.count({ where: { userId: account.user.id } })).toBe(1)

    expect((await signIn(account.email, account.password)).statusCode).toBe(401)
    expect((await signIn(account.email, NEW_PASSWORD)).statusCode).toBe(200)
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: account.user.id } })).creditBalance).toBe(30)

    const sentTo = await t.db.prisma.emailToken.count({
      where: { userId: account.user.id, usedAt: null, purpose: 'reset_password' },
    })
    expect(sentTo).toBe(0)
  })

  it('mails "password changed" after a reset', async () => {
    const account = await t.signUp()
    expect((await confirm(await resetTokenFor(account))).statusCode).toBe(200)
    const latest = await latestOutboxMail()
    expect(latest.subject).toBe('Your Promptly password was changed')
    expect(latest.to).toBe(account.email)
  })

  it('works once, and never with an expired, unknown or malformed token', async () => {
    const account = await t.signUp()
    const token = await resetTokenFor(account)
    expect((await confirm(token)).statusCode).toBe(200)
    const reused = await confirm(token, 'yet another passphrase 8')
    expect(reused.statusCode).toBe(400)
    expect(reused.json()).toMatchObject({ error: MESSAGES.resetLinkInvalid, code: 'BAD_REQUEST' })

    const expiring = await resetTokenFor(account)
    await t.db.prisma.emailToken.update({
      where: { id: hashEmailToken(expiring) },
      data: { expiresAt: new Date(Date.now() - 1) },
    })
    expect((await confirm(expiring)).json().error).toBe(MESSAGES.resetLinkInvalid)
    expect((await confirm('A'.repeat(43))).json().error).toBe(MESSAGES.resetLinkInvalid)
    expect((await confirm('not a token')).statusCode).toBe(400)
    expect((await signIn(account.email, NEW_PASSWORD)).statusCode).toBe(200)
  })

  it('refuses a weak new password and keeps the link usable', async () => {
    const account = await t.signUp()
    const token = await resetTokenFor(account)
    const weak = await confirm(token, 'password123')
    expect(weak.statusCode).toBe(400)
    expect(weak.json().error).toBe('password: Choose a stronger password: This is a commonly used password.')
    expect((await me(account.cookies)).json().user?.id).toBe(account.user.id)
    expect((await confirm(token)).statusCode).toBe(200)
  })
})

/** The newest message in the test app's outbox (file names start with the time they were written). */
async function latestOutboxMail(): Promise<{ subject: string; to: string }> {
  const dir = path.join(t.config.dataDir, 'outbox')
  const newest = (await readdir(dir)).sort().at(-1) ?? ''
  const mail = await simpleParser(await readFile(path.join(dir, newest)))
  return {
    subject: mail.subject ?? '',
    to: [mail.to ?? []]
      .flat()
      .map((address) => address.text)
      .join(', '),
  }
}
