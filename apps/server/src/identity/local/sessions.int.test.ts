import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'

import { useTestApp } from '../../testing/use-test-app.ts'
import { SESSION_COOKIE } from './session-cookie.ts'
import { accountChanged, createSession, findSessionUser, hashSessionToken } from './sessions.ts'

const t = useTestApp()

async function meWith(token: string): Promise<unknown> {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', cookies: { [SESSION_COOKIE]: token } })
  return res.json().user
}

describe('session tokens', () => {
  it('treats a forged or malformed token as signed out', async () => {
    expect(await meWith(randomBytes(32).toString('base64url'))).toBeNull()
    expect(await meWith('not-a-token')).toBeNull()
    const bearer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/limits',
      headers: { authorization: `Bearer ${randomBytes(32).toString('base64url')}` },
    })
    expect(bearer.statusCode).toBe(401)
  })

  it('does not accept the stored hash in place of the token', async () => {
    const account = await t.signUp()
    expect(await meWith(hashSessionToken(account.token))).toBeNull()
  })

  it('refuses an expired session and deletes its row', async () => {
    const account = await t.signUp()
    const lifetime = 30 * 86_400_000
    const expired = await createSession(t.db.prisma, account.user.id, new Date(Date.now() - lifetime - 1000))
    const id = hashSessionToken(expired.token)
    expect(await t.db.prisma.session.findUnique({ where: { id } })).not.toBeNull()

    expect(await meWith(expired.token)).toBeNull()
    expect(await t.db.prisma.session.findUnique({ where: { id } })).toBeNull()
  })

  it('lasts 30 days and sweeps the user’s expired sessions at the next sign-in', async () => {
    const account = await t.signUp()
    const now = new Date()
    const old = await createSession(t.db.prisma, account.user.id, new Date(now.getTime() - 31 * 86_400_000))
    expect(await findSessionUser(t.db.prisma, old.token, now)).toBeNull()

    const stale = await createSession(t.db.prisma, account.user.id, new Date(now.getTime() - 40 * 86_400_000))
    const fresh = await createSession(t.db.prisma, account.user.id, now)
    expect(fresh.expiresAt.getTime() - now.getTime()).toBe(30 * 86_400_000)
    expect(await t.db.prisma.session.findUnique({ where: { id: hashSessionToken(stale.token) } })).toBeNull()
    expect((await findSessionUser(t.db.prisma, fresh.token, now))?.id).toBe(account.user.id)
  })

  it('ends every session when the account is deleted', async () => {
    const account = await t.signUp()
    expect(await meWith(account.token)).not.toBeNull()
    await t.db.prisma.user.delete({ where: { id: account.user.id } })
    // As any change to an account that signed-in requests must see at once says so.
    await accountChanged(t.testApp.services.caches.bus, account.user.id)
    expect(await meWith(account.token)).toBeNull()
  })
})
