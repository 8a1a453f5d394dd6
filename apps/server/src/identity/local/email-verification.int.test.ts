import { describe, expect, it } from 'vitest'

import { MESSAGES } from '@promptly/core/messages'

import { latestMailTo, mailLinkTo, uniqueClientAddress } from '../../testing/local-accounts.ts'
import { useTestApp } from '../../testing/use-test-app.ts'
import { hashEmailToken } from './email-tokens.ts'
import { SESSION_COOKIE } from './session-cookie.ts'

const t = useTestApp()

const VERIFY_PATH = '/api/auth/local/verify-email'

/** Signs up (unverified) and returns the session cookies and the path of the mailed verification link. */
async function signUpWithLink() {
  const email = `verify-${crypto.randomUUID()}@example.test`
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/local/sign-up',
    payload: { name: 'Vera', email, password: 'correct horse battery staple' },
    remoteAddress: uniqueClientAddress(),
  })
  const cookie = res.cookies.find((candidate) => candidate.name === SESSION_COOKIE)?.value ?? ''
  const link = await mailLinkTo(t.app, email, VERIFY_PATH)
  const { user } = await t.db.prisma.localAccount.findUniqueOrThrow({ where: { email }, include: { user: true } })
  return {
    cookies: { [SESSION_COOKIE]: cookie },
    link,
    user,
    token: new URL(link, 'http://x').searchParams.get('token') ?? '',
  }
}

function open(link: string) {
  return t.app.inject({ method: 'GET', url: link })
}

function resend(cookies: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: `${VERIFY_PATH}/resend`, cookies })
}

describe('GET /verify-email', () => {
  it('verifies on a plain GET, starts the trial, and lands on the profile', async () => {
    const { link, user, cookies } = await signUpWithLink()
    const res = await open(link)
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe('/profile?verified=1')
    expect(res.headers['cache-control']).toBe('no-store')

    const stored = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })
    expect(stored.emailVerifiedAt).not.toBeNull()
    expect(stored.creditBalance).toBe(30)
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', cookies })
    expect(me.json().user).toMatchObject({ emailVerified: true })
  })

  it('works once: the second click is refused and grants nothing more', async () => {
    const { link, user } = await signUpWithLink()
    expect((await open(link)).headers.location).toBe('/profile?verified=1')
    const again = await open(link)
    expect(again.statusCode).toBe(303)
    expect(again.headers.location).toBe('/profile?verified=invalid')
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).creditBalance).toBe(30)
  })

  it('lets exactly one of two racing clicks through', async () => {
    const { link } = await signUpWithLink()
    const answers = await Promise.all([open(link), open(link)])
    expect(answers.map((res) => res.headers.location).sort()).toEqual([
      '/profile?verified=1',
      '/profile?verified=invalid',
    ])
  })

  it('refuses an expired link, an unknown token, a missing token and a reset token', async () => {
    const { link, user, token } = await signUpWithLink()
    await t.db.prisma.emailToken.update({
      where: { id: hashEmailToken(token) },
      data: { expiresAt: new Date(Date.now() - 1) },
    })
    expect((await open(link)).headers.location).toBe('/profile?verified=invalid')
    expect((await open(`${VERIFY_PATH}?token=${'A'.repeat(43)}`)).headers.location).toBe('/profile?verified=invalid')
    expect((await open(`${VERIFY_PATH}?token=../../etc`)).headers.location).toBe('/profile?verified=invalid')
    expect((await open(VERIFY_PATH)).headers.location).toBe('/profile?verified=invalid')
    await t.db.prisma.emailToken.update({
      where: { id: hashEmailToken(token) },
      data: { purpose: 'reset_password', expiresAt: new Date(Date.now() + 60_000) },
    })
    expect((await open(link)).headers.location).toBe('/profile?verified=invalid')
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerifiedAt).toBeNull()
  })

  it('refuses a link sent to an address the account no longer has', async () => {
    const { link, user } = await signUpWithLink()
    const changed = `changed-${crypto.randomUUID()}@example.test`
    await t.db.prisma.user.update({ where: { id: user.id }, data: { email: changed } })
    await t.db.prisma.localAccount.update({ where: { userId: user.id }, data: { email: changed } })
    expect((await open(link)).headers.location).toBe('/profile?verified=invalid')
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerifiedAt).toBeNull()
  })

  it('stores only the SHA-256 of the token, for the address it was sent to, for 24 hours', async () => {
    const { user, token } = await signUpWithLink()
    const rows = await t.db.prisma.emailToken.findMany({ where: { userId: user.id } })
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      id: hashEmailToken(token),
      purpose: 'verify_email',
      email: user.email,
      usedAt: null,
    })
    expect(JSON.stringify(rows)).not.toContain(token)
    const hours = ((rows[0]?.expiresAt.getTime() ?? 0) - (rows[0]?.createdAt.getTime() ?? 0)) / 3_600_000
    expect(hours).toBe(24)
  })
})

describe('POST /verify-email/resend', () => {
  it('waits 60 seconds from the latest link, then mails a new one that works', async () => {
    const { cookies, user } = await signUpWithLink()
    const first = await latestMailTo(t.app, user.email)
    const early = await resend(cookies)
    expect(early.statusCode).toBe(429)
    expect(early.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' })
    expect(early.json().error).toMatch(/^Please wait \d+ seconds before asking for another e-mail$/)
    const retryAfter = Number(early.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(50)
    expect(retryAfter).toBeLessThanOrEqual(60)

    // The cooldown counts from the latest link: move it 61 seconds into the past.
    await t.db.prisma.emailToken.updateMany({
      where: { userId: user.id },
      data: { createdAt: new Date(Date.now() - 61_000) },
    })
    const later = await resend(cookies)
    expect(later.statusCode).toBe(202)
    expect(later.json()).toEqual({})
    const again = await latestMailTo(t.app, user.email, { newerThan: first.id })
    expect(again.subject).toBe('Confirm your e-mail address for Promptly')
    expect((await resend(cookies)).statusCode).toBe(429)

    const link = await mailLinkTo(t.app, user.email, VERIFY_PATH)
    expect(link).not.toBe(first.links.find((href) => href.includes(VERIFY_PATH)))
    expect((await open(link)).headers.location).toBe('/profile?verified=1')
  })

  it('answers 409 once verified and 401 signed out', async () => {
    const account = await t.signUp()
    const verified = await resend(account.cookies)
    expect(verified.statusCode).toBe(409)
    expect(verified.json()).toMatchObject({ error: MESSAGES.emailAlreadyVerified, code: 'CONFLICT' })
    expect((await resend({})).statusCode).toBe(401)
  })
})
