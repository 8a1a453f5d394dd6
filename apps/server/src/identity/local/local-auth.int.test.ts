import { describe, expect, it } from 'vitest'

import { MESSAGES } from '@promptly/core/messages'

import { mailsTo, sessionTokenFrom, uniqueClientAddress } from '../../testing/local-accounts.ts'
import { useTestApp } from '../../testing/use-test-app.ts'
import { SESSION_COOKIE } from './session-cookie.ts'
import { hashSessionToken } from './sessions.ts'

const t = useTestApp()

let emailCounter = 0
function uniqueEmail(): string {
  emailCounter += 1
  return `person-${emailCounter}-${Date.now()}@example.com`
}

function signUp(payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/auth/local/sign-up', payload, remoteAddress: uniqueClientAddress() })
}
function signIn(payload: Record<string, unknown>, remoteAddress = '127.0.0.1') {
  return t.app.inject({ method: 'POST', url: '/api/auth/local/sign-in', payload, remoteAddress })
}
function me(headers: Record<string, string> = {}, cookies: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: '/api/auth/me', headers, cookies })
}

describe('local sign-up, me and sign-out', () => {
  it('signs a new user up and in, unverified, shows them in /api/auth/me, and signs them out', async () => {
    const email = uniqueEmail()
    const res = await signUp({ name: 'Ada Lovelace', email, password: 'analytical engine' })
    expect(res.statusCode).toBe(202)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.json()).toEqual({ checkEmail: true, email })

    const cookies = { [SESSION_COOKIE]: sessionTokenFrom(res) }
    const signedIn = await me({}, cookies)
    expect(signedIn.statusCode).toBe(200)
    const { user } = signedIn.json()
    expect(user).toMatchObject({ name: 'Ada Lovelace', email, role: 'user', isAdmin: false, plan: 'free' })
    expect(user).toMatchObject({ emailVerified: false, trialEndsAt: null })
    expect(user.clerkId).toMatch(/^local_[0-9a-f-]{36}$/)
    expect(user.imageUrl).toBe(`/api/auth/avatar/${user.clerkId}.svg`)
    expect(Object.keys(user).sort()).toEqual(
      ['clerkId', 'email', 'emailVerified', 'id', 'imageUrl', 'isAdmin', 'name', 'plan', 'role', 'trialEndsAt'].sort(),
    )

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/local/sign-out', cookies })
    expect(out.statusCode).toBe(204)
    const cleared = out.cookies.find((cookie) => cookie.name === SESSION_COOKIE)
    expect(cleared?.value).toBe('')
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now())

    expect((await me({}, cookies)).json()).toEqual({ user: null })
  })

  it('answers /api/auth/me with {user: null} when signed out, uncached', async () => {
    const res = await me()
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ user: null })
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('sets the session cookie HttpOnly, SameSite=Lax, path /, 30 days, not Secure on loopback', async () => {
    const res = await signUp({ name: 'Cookie Check', email: uniqueEmail(), password: 'long enough pw' })
    const header = [res.headers['set-cookie']].flat().find((line) => line?.startsWith(`${SESSION_COOKIE}=`))
    expect(header).toMatch(/; HttpOnly/)
    expect(header).toMatch(/; SameSite=Lax/)
    expect(header).toMatch(/; Path=\//)
    expect(header).not.toMatch(/; Secure/)
    const cookie = res.cookies.find((candidate) => candidate.name === SESSION_COOKIE)
    const days = ((cookie?.expires?.getTime() ?? 0) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(29.9)
    expect(days).toBeLessThanOrEqual(30)
  })

  it('stores only the SHA-256 of the session token, and sign-out deletes the row', async () => {
    const account = await t.signUp()
    expect(account.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const rows = await t.db.prisma.session.findMany({ where: { userId: account.user.id } })
    expect(rows.map((row) => row.id)).toEqual([hashSessionToken(account.token)])

    await t.app.inject({ method: 'POST', url: '/api/auth/local/sign-out', headers: account.bearer })
    expect(await t.db.prisma.session.count({ where: { userId: account.user.id } })).toBe(0)
  })

  it('creates the user and the local account together with no credits; the mailed link brings the trial', async () => {
    const account = await t.signUp({ email: uniqueEmail(), verified: false })
    const stored = await t.db.prisma.user.findUniqueOrThrow({
      where: { id: account.user.id },
      include: { localAccount: true },
    })
    expect(stored.localAccount?.email).toBe(account.email)
    expect(stored.localAccount?.passwordHash).toMatch(/^\$argon2id\$/)
    expect(stored).toMatchObject({ creditBalance: 0, emailVerifiedAt: null, trialEndsAt: null })

    const verified = await t.signUp({ email: uniqueEmail() })
    expect(verified.user.emailVerified).toBe(true)
    const afterLink = await t.db.prisma.user.findUniqueOrThrow({ where: { id: verified.user.id } })
    expect(afterLink.creditBalance).toBe(30)
    expect(afterLink.emailVerifiedAt).not.toBeNull()
  })
})

describe('sign-up with an address that already has an account', () => {
  it('answers exactly as for a new address, changes nothing, and mails the owner instead', async () => {
    const owner = await t.signUp({ name: 'Owner', email: uniqueEmail() })
    const before = await t.db.prisma.user.findUniqueOrThrow({
      where: { id: owner.user.id },
      include: { localAccount: true },
    })
    const fresh = await signUp({ name: 'Fresh', email: uniqueEmail(), password: 'password for fresh 1' })

    const again = await signUp({
      name: 'Intruder',
      email: `  ${owner.email.toUpperCase()} `,
      password: 'another good passphrase',
    })
    expect(again.statusCode).toBe(fresh.statusCode)
    expect(Object.keys(again.json()).sort()).toEqual(Object.keys(fresh.json()).sort())
    expect(again.json()).toMatchObject({ checkEmail: true, email: owner.email })
    expect(again.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined()

    const after = await t.db.prisma.user.findUniqueOrThrow({
      where: { id: owner.user.id },
      include: { localAccount: true },
    })
    expect(after).toEqual(before)
    expect(await t.db.prisma.user.count({ where: { email: owner.email } })).toBe(1)

    const [first, second] = await mailsTo(t.app, owner.email)
    expect(first?.subject).toBe('Confirm your e-mail address for Promptly')
    expect(second?.subject).toBe('You already have a Promptly account')
    expect(second?.links.map((link) => new URL(link).pathname)).toEqual(['/login', '/forgot-password'])
  })

  it('creates exactly one account when two sign-ups for one e-mail race', async () => {
    const email = uniqueEmail()
    const results = await Promise.all([
      signUp({ name: 'Racer A', email, password: 'racing passphrase aaa' }),
      signUp({ name: 'Racer B', email, password: 'racing passphrase bbb' }),
    ])
    expect(results.map((res) => res.statusCode)).toEqual([202, 202])
    expect(await t.db.prisma.user.count({ where: { email } })).toBe(1)
    const withCookie = results.filter((res) => res.cookies.some((cookie) => cookie.name === SESSION_COOKIE))
    expect(withCookie).toHaveLength(1)
  })
})

describe('sign-up validation', () => {
  it('stores the e-mail trimmed and lower-cased', async () => {
    const email = uniqueEmail()
    const res = await signUp({ name: 'Case', email: ` ${email.toUpperCase()} `, password: 'a much better secret' })
    expect(res.json().email).toBe(email)
    expect(await t.db.prisma.localAccount.count({ where: { email } })).toBe(1)
  })

  it('refuses a short password with 400 and the message', async () => {
    const res = await signUp({ name: 'Short', email: uniqueEmail(), password: 'short' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ status: 'error', code: 'BAD_REQUEST' })
    expect(res.json().error).toContain('Password must be at least 8 characters')
  })

  it.each([
    ['password123', 'password: Choose a stronger password: This is a commonly used password.'],
    ['correct', 'password: Password must be at least 8 characters'],
    ['correcthorse', 'password: Choose a stronger password: Add more words that are less common.'],
    ['ada lovelace', 'password: Choose a stronger password: There should not be any personal or page related data.'],
  ])('refuses the weak password %j with a 400 naming the field, creating nothing', async (password, message) => {
    const email = uniqueEmail()
    const res = await signUp({ name: 'Ada Lovelace', email, password })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ status: 'error', error: message, message, code: 'BAD_REQUEST' })
    expect(await t.db.prisma.user.count({ where: { email } })).toBe(0)
  })

  it('refuses a missing name and a malformed e-mail with 400', async () => {
    expect((await signUp({ name: ' ', email: uniqueEmail(), password: 'password one' })).json().error).toContain(
      'Name is required',
    )
    expect((await signUp({ name: 'X', email: 'not-an-email', password: 'password one' })).json().error).toContain(
      'Enter a valid e-mail address',
    )
  })
})

describe('sign-up rate limit', () => {
  const limited = useTestApp({ env: { SIGNUP_LIMIT_PER_HOUR: '2' } })

  it('allows SIGNUP_LIMIT_PER_HOUR sign-ups per client address, then 429 with retry-after', async () => {
    const from = (remoteAddress: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/local/sign-up',
        payload: { name: 'Many', email: uniqueEmail(), password: 'correct horse battery staple' },
        remoteAddress,
      })
    expect((await from('198.51.100.7')).statusCode).toBe(202)
    expect((await from('198.51.100.7')).statusCode).toBe(202)
    const blocked = await from('198.51.100.7')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toMatchObject({ error: MESSAGES.tooManySignUps, code: 'TOO_MANY_REQUESTS' })
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(3500)
    expect((await from('198.51.100.8')).statusCode).toBe(202)
  })
})

describe('local sign-in', () => {
  it('signs in with the right password, whatever the e-mail case', async () => {
    const account = await t.signUp({ email: uniqueEmail() })
    const res = await signIn({ email: account.email.toUpperCase(), password: account.password })
    expect(res.statusCode).toBe(200)
    expect(res.json().user).toEqual(account.user)
    const token = sessionTokenFrom(res)
    expect(token).not.toBe(account.token)
    expect((await me({ authorization: `Bearer ${token}` })).json().user.id).toBe(account.user.id)
  })

  it('ends the session it replaces when signing in again', async () => {
    const account = await t.signUp({ email: uniqueEmail() })
    const again = await signIn({ email: account.email, password: account.password }, '127.0.0.1')
    expect(again.statusCode).toBe(200)
    const replaced = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local/sign-in',
      payload: { email: account.email, password: account.password },
      cookies: account.cookies,
    })
    expect(replaced.statusCode).toBe(200)
    expect((await me({}, account.cookies)).json().user).toBeNull()
    expect((await me({}, { [SESSION_COOKIE]: sessionTokenFrom(again) })).json().user.id).toBe(account.user.id)
  })

  it('gives the same 401 body for a wrong password and for an unknown e-mail', async () => {
    const account = await t.signUp({ email: uniqueEmail() })
    const wrongPassword = await signIn({ email: account.email, password: 'not the password' })
    const unknownEmail = await signIn({ email: uniqueEmail(), password: 'not the password' })
    expect(wrongPassword.statusCode).toBe(401)
    expect(unknownEmail.statusCode).toBe(401)
    expect(wrongPassword.json()).toEqual(unknownEmail.json())
    expect(wrongPassword.json()).toEqual({
      status: 'error',
      error: MESSAGES.wrongCredentials,
      message: MESSAGES.wrongCredentials,
      code: 'UNAUTHORIZED',
    })
    expect(wrongPassword.headers['set-cookie']).toBeUndefined()
  })

  it('answers 429 after 5 attempts for one e-mail from one address, even with the right password', async () => {
    const account = await t.signUp({ email: uniqueEmail() })
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await signIn({ email: account.email, password: `guess ${attempt}` }, '198.51.100.9')).statusCode).toBe(
        401,
      )
    }
    const blocked = await signIn({ email: account.email, password: account.password }, '198.51.100.9')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toMatchObject({ error: MESSAGES.tooManyAttempts, code: 'TOO_MANY_REQUESTS' })
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)

    // The owner, signing in from their own address, is not locked out by someone else's guesses.
    expect((await signIn({ email: account.email, password: account.password }, '203.0.113.20')).statusCode).toBe(200)
  })
})

describe('credentials on API calls', () => {
  it('accepts the session as a Bearer token and as the cookie for GET /api/v1/limits', async () => {
    const account = await t.signUp()
    const byBearer = await t.app.inject({ method: 'GET', url: '/api/v1/limits', headers: account.bearer })
    const byCookie = await t.app.inject({ method: 'GET', url: '/api/v1/limits', cookies: account.cookies })
    expect(byBearer.statusCode).toBe(200)
    expect(byCookie.statusCode).toBe(200)
    expect(byBearer.json().data).toEqual({ plan: 'free', current_limit: 30, max_limit: 30 })
    expect(byCookie.json().data).toEqual(byBearer.json().data)
  })

  it("refuses another user's clerkId with 403, and any call with 401 when signed out", async () => {
    const ada = await t.signUp()
    const bob = await t.signUp()
    const bobAsAda = await t.app.inject({
      method: 'GET',
      url: `/api/v1/limits?clerkId=${encodeURIComponent(ada.user.clerkId)}`,
      headers: bob.bearer,
    })
    expect(bobAsAda.statusCode).toBe(403)
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/v1/limits?clerkId=${bob.user.clerkId}`,
      headers: bob.bearer,
    })
    expect(own.statusCode).toBe(200)

    const signedOut = await t.app.inject({ method: 'GET', url: `/api/v1/limits?clerkId=${ada.user.clerkId}` })
    expect(signedOut.statusCode).toBe(401)
    expect(signedOut.json()).toMatchObject({ status: 'error', code: 'UNAUTHORIZED' })
  })

  it('identifies a tRPC call by its Bearer token', async () => {
    const account = await t.signUp()
    const res = await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: account.bearer })
    expect(res.statusCode).toBe(200)
    expect(res.json().result.data.json).toMatchObject({ id: account.user.id, clerkId: account.user.clerkId })
  })
})

describe('the session cookie off loopback', () => {
  // The file's app runs as NODE_ENV=test; the other two modes need an app each.
  const byMode = {
    test: t,
    development: useTestApp({ env: { NODE_ENV: 'development' } }),
    production: useTestApp({ env: { NODE_ENV: 'production' } }),
  }

  it('is Secure whatever NODE_ENV says, so the token never travels in clear to another machine', async () => {
    for (const [mode, app] of Object.entries(byMode)) {
      for (const [host, secure] of [
        ['promptly.example', true],
        ['192.168.1.20:3000', true],
        ['localhost:3000', false],
        ['127.0.0.1:3000', false],
        ['[::1]:3000', false],
      ] as const) {
        const res = await app.app.inject({
          method: 'POST',
          url: '/api/auth/local/sign-up',
          headers: { host },
          payload: { name: 'Cookie', email: uniqueEmail(), password: 'long enough pw' },
          remoteAddress: uniqueClientAddress(),
        })
        expect(res.statusCode).toBe(202)
        const header = [res.headers['set-cookie']].flat().find((line) => line?.startsWith(`${SESSION_COOKIE}=`))
        expect(header, `NODE_ENV=${mode} ${host}`).toMatch(/; HttpOnly/)
        expect(/; Secure/.test(header ?? ''), `NODE_ENV=${mode} ${host}`).toBe(secure)
      }
    }
  })
})
