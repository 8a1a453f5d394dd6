import { describe, expect, it } from 'vitest'

import { MESSAGES } from '@promptly/core/messages'

import { sessionTokenFrom, type TestAccount } from '../../testing/local-accounts.ts'
import { useTestApp } from '../../testing/use-test-app.ts'
import { SESSION_COOKIE } from './session-cookie.ts'
import { findSession, hashSessionToken, LAST_SEEN_RESOLUTION_MS, USER_AGENT_MAX_LENGTH } from './sessions.ts'

const t = useTestApp()

const BASE = '/api/auth/local'

/** Signs the account in again from another "device"; returns that session's cookies. */
async function anotherDevice(account: TestAccount, userAgent = 'OtherBrowser/2.0', ip = '203.0.113.5') {
  const res = await t.app.inject({
    method: 'POST',
    url: `${BASE}/sign-in`,
    payload: { email: account.email, password: account.password },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  })
  expect(res.statusCode).toBe(200)
  return { [SESSION_COOKIE]: sessionTokenFrom(res) }
}
async function whoIs(cookies: Record<string, string>): Promise<string | null> {
  return (await t.app.inject({ method: 'GET', url: '/api/auth/me', cookies })).json().user?.id ?? null
}
function listSessions(cookies: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: `${BASE}/sessions`, cookies })
}
function changePassword(cookies: Record<string, string>, currentPassword: string, newPassword: string) {
  return t.app.inject({ method: 'POST', url: `${BASE}/password`, payload: { currentPassword, newPassword }, cookies })
}

describe('GET /sessions', () => {
  it("lists the user's own live sessions with device, address and which one is current", async () => {
    const ada = await t.signUp()
    const bob = await t.signUp()
    const phone = await anotherDevice(ada, 'Phone/1.0', '203.0.113.9')
    await anotherDevice(bob)

    const res = await listSessions(phone)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const { sessions } = res.json()
    expect(sessions).toHaveLength(2)
    const ids = (await t.db.prisma.session.findMany({ where: { userId: ada.user.id } })).map((row) => row.id).sort()
    expect(sessions.map((session: { id: string }) => session.id).sort()).toEqual(ids)
    const current = sessions.find((session: { current: boolean }) => session.current)
    expect(current).toMatchObject({
      id: hashSessionToken(phone[SESSION_COOKIE] ?? ''),
      userAgent: 'Phone/1.0',
      ip: '203.0.113.9',
    })
    expect(Object.keys(current).sort()).toEqual(['createdAt', 'current', 'id', 'ip', 'lastSeenAt', 'userAgent'])
    expect(new Date(current.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000)
    expect(sessions.filter((session: { current: boolean }) => session.current)).toHaveLength(1)
  })

  it('cuts a long user agent and answers 401 signed out', async () => {
    const account = await t.signUp()
    const device = await anotherDevice(account, 'x'.repeat(2000))
    const current = (await listSessions(device))
      .json()
      .sessions.find((session: { current: boolean }) => session.current)
    expect(current.userAgent).toHaveLength(USER_AGENT_MAX_LENGTH)
    expect((await listSessions({})).statusCode).toBe(401)
  })

  it('refreshes lastSeenAt at most once per 5 minutes', async () => {
    const account = await t.signUp()
    const id = hashSessionToken(account.token)
    const created = (await t.db.prisma.session.findUniqueOrThrow({ where: { id } })).lastSeenAt
    await findSession(t.db.prisma, account.token, new Date(created.getTime() + LAST_SEEN_RESOLUTION_MS - 1000))
    expect((await t.db.prisma.session.findUniqueOrThrow({ where: { id } })).lastSeenAt).toEqual(created)
    const later = new Date(created.getTime() + LAST_SEEN_RESOLUTION_MS + 1000)
    await findSession(t.db.prisma, account.token, later)
    expect((await t.db.prisma.session.findUniqueOrThrow({ where: { id } })).lastSeenAt).toEqual(later)
  })
})

describe('DELETE /sessions/:id', () => {
  it("ends one of the user's own sessions", async () => {
    const account = await t.signUp()
    const laptop = await anotherDevice(account)
    const res = await t.app.inject({
      method: 'DELETE',
      url: `${BASE}/sessions/${hashSessionToken(laptop[SESSION_COOKIE] ?? '')}`,
      cookies: account.cookies,
    })
    expect(res.statusCode).toBe(204)
    expect(await whoIs(laptop)).toBeNull()
    expect(await whoIs(account.cookies)).toBe(account.user.id)
  })

  it("answers 404 for another user's session, an unknown id and a malformed one, ending nothing", async () => {
    const ada = await t.signUp()
    const bob = await t.signUp()
    for (const id of [hashSessionToken(bob.token), 'f'.repeat(64), '..%2F..%2Fetc', bob.token]) {
      const res = await t.app.inject({ method: 'DELETE', url: `${BASE}/sessions/${id}`, cookies: ada.cookies })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ status: 'error', code: 'NOT_FOUND' })
    }
    expect(await whoIs(bob.cookies)).toBe(bob.user.id)
  })
})

describe('POST /sign-out-everywhere', () => {
  it('ends every session of the user, clears the cookie, and leaves other users alone', async () => {
    const ada = await t.signUp()
    const bob = await t.signUp()
    const adaPhone = await anotherDevice(ada)
    const res = await t.app.inject({ method: 'POST', url: `${BASE}/sign-out-everywhere`, cookies: ada.cookies })
    expect(res.statusCode).toBe(204)
    expect(res.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value).toBe('')
    expect(await whoIs(ada.cookies)).toBeNull()
    expect(await whoIs(adaPhone)).toBeNull()
    expect(await whoIs(bob.cookies)).toBe(bob.user.id)
    expect((await t.app.inject({ method: 'POST', url: `${BASE}/sign-out-everywhere` })).statusCode).toBe(401)
  })
})

describe('POST /password', () => {
  it('changes the password and ends every other session, keeping this one', async () => {
    const account = await t.signUp()
    const other = await anotherDevice(account)
    const res = await changePassword(account.cookies, account.password, 'fresh passphrase number 9')
    expect(res.statusCode).toBe(200)
    expect(res.json().user.id).toBe(account.user.id)
    expect(await whoIs(account.cookies)).toBe(account.user.id)
    expect(await whoIs(other)).toBeNull()
    const signIn = (password: string) =>
      t.app.inject({ method: 'POST', url: `${BASE}/sign-in`, payload: { email: account.email, password } })
    expect((await signIn(account.password)).statusCode).toBe(401)
    expect((await signIn('fresh passphrase number 9')).statusCode).toBe(200)
  })

  it('refuses a wrong current password and a weak new one, changing nothing', async () => {
    const account = await t.signUp()
    const other = await anotherDevice(account)
    const wrong = await changePassword(account.cookies, 'not my password', 'fresh passphrase number 9')
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().error).toBe(`currentPassword: ${MESSAGES.currentPasswordWrong}`)
    const weak = await changePassword(account.cookies, account.password, 'password123')
    expect(weak.statusCode).toBe(400)
    expect(weak.json().error).toBe('newPassword: Choose a stronger password: This is a commonly used password.')
    expect(await whoIs(other)).toBe(account.user.id)
    expect((await changePassword({}, account.password, 'fresh passphrase number 9')).statusCode).toBe(401)
  })
})
