import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'

import { inProcessCacheBus, type CacheBus } from '@promptly/api/caching/cache-bus'

import { sessionTokenFrom, type TestAccount } from '../testing/local-accounts.ts'
import { useSecondInstance } from '../testing/second-instance.ts'
import { useTestApp } from '../testing/use-test-app.ts'
import { IdentityCache } from './identity-cache.ts'
import { SESSION_COOKIE } from './local/session-cookie.ts'
import { hashSessionToken } from './local/sessions.ts'

const t = useTestApp()
const BASE = '/api/auth/local'
type Cookies = Record<string, string>

/** Who the session is, per tRPC and per REST (null: signed out), asked of `app`. */
async function whoIs(cookies: Cookies, app: FastifyInstance = t.app): Promise<{ trpc: string; rest: number }> {
  const me = await app.inject({ method: 'GET', url: '/trpc/auth.me', cookies })
  const limits = await app.inject({ method: 'GET', url: '/api/v1/limits', cookies })
  return { trpc: me.json().result.data.json?.id ?? 'signed out', rest: limits.statusCode }
}

/** Signed in as `account`: asked twice, so the second answer is the identity cache's. */
async function expectSignedIn(account: TestAccount, cookies: Cookies, app?: FastifyInstance): Promise<void> {
  for (let ask = 0; ask < 2; ask++) expect(await whoIs(cookies, app)).toEqual({ trpc: account.user.id, rest: 200 })
}

const SIGNED_OUT = { trpc: 'signed out', rest: 401 }

async function anotherDevice(account: TestAccount, app: FastifyInstance = t.app): Promise<Cookies> {
  const res = await app.inject({
    method: 'POST',
    url: `${BASE}/sign-in`,
    payload: { email: account.email, password: account.password },
  })
  expect(res.statusCode).toBe(200)
  return { [SESSION_COOKIE]: sessionTokenFrom(res) }
}

function post(path: string, cookies: Cookies, payload?: object) {
  return t.app.inject({ method: 'POST', url: `${BASE}${path}`, cookies, ...(payload && { payload }) })
}

describe('a session kept in the identity cache', () => {
  it('is refused from the next request on once signed out', async () => {
    const ada = await t.signUp()
    await expectSignedIn(ada, ada.cookies)
    expect((await post('/sign-out', ada.cookies)).statusCode).toBe(204)
    expect(await whoIs(ada.cookies)).toEqual(SIGNED_OUT)
  })

  it('is refused from the next request on once ended from the session list', async () => {
    const ada = await t.signUp()
    const phone = await anotherDevice(ada)
    await expectSignedIn(ada, phone)
    const id = hashSessionToken(phone[SESSION_COOKIE]!)
    const ended = await t.app.inject({ method: 'DELETE', url: `${BASE}/sessions/${id}`, cookies: ada.cookies })
    expect(ended.statusCode).toBe(204)
    expect(await whoIs(phone)).toEqual(SIGNED_OUT)
    await expectSignedIn(ada, ada.cookies)
  })

  it('is refused, with all of the user’s, once they sign out everywhere', async () => {
    const ada = await t.signUp()
    const phone = await anotherDevice(ada)
    await expectSignedIn(ada, ada.cookies)
    await expectSignedIn(ada, phone)
    expect((await post('/sign-out-everywhere', phone)).statusCode).toBe(204)
    expect(await whoIs(ada.cookies)).toEqual(SIGNED_OUT)
    expect(await whoIs(phone)).toEqual(SIGNED_OUT)
  })

  it('is refused once the password changes on another device, which stays signed in', async () => {
    const ada = await t.signUp()
    const phone = await anotherDevice(ada)
    await expectSignedIn(ada, ada.cookies)
    const newPassword = 'a whole new passphrase here'
    const changed = await post('/password', phone, { currentPassword: ada.password, newPassword })
    expect(changed.statusCode).toBe(200)
    expect(await whoIs(ada.cookies)).toEqual(SIGNED_OUT)
    await expectSignedIn(ada, phone)
  })

  it('never answers for another user: each session is its own, before and after another signs out', async () => {
    const ada = await t.signUp({ name: 'Ada' })
    const bob = await t.signUp({ name: 'Bob' })
    for (let round = 0; round < 2; round++) {
      await expectSignedIn(ada, ada.cookies)
      await expectSignedIn(bob, bob.cookies)
    }
    await post('/sign-out', ada.cookies)
    expect(await whoIs(ada.cookies)).toEqual(SIGNED_OUT)
    await expectSignedIn(bob, bob.cookies)
  })
})

describe('IdentityCache', () => {
  it('reads a session past its own expiry as a miss, within the TTL', async () => {
    let now = new Date('2026-01-01T00:00:00Z')
    const cache = new IdentityCache(inProcessCacheBus(), { now: () => now })
    const ada = await t.signUp()
    const found = { user: await t.db.prisma.user.findUniqueOrThrow({ where: { id: ada.user.id } }) }
    const expiring = { ...found, expiresAt: new Date(now.getTime() + 1000) }
    expect(await cache.get('k', async () => expiring)).toBe(expiring)
    expect(cache.peek('k')).toBe(expiring)
    now = new Date(now.getTime() + 1000)
    expect(cache.peek('k')).toBeUndefined()
    expect(await cache.get('k', async () => null)).toBeNull()
  })
})

/**
 * Resolves once the caches on `to` have heard every invalidation sent before this call: PostgreSQL
 * delivers notifications in the order they were sent, so a marker sent now arrives after all of them.
 */
async function broadcastsDelivered(to: CacheBus): Promise<void> {
  const marker = randomUUID()
  const heard = new Promise<void>((resolve) => {
    const stop = to.subscribe('bookmarks', {
      forget: (key) => {
        if (key !== marker) return
        stop()
        resolve()
      },
      forgetAll: () => undefined,
    })
  })
  await t.testApp.services.caches.bus.publish('bookmarks', marker)
  await heard
}

describe.runIf(process.env.TEST_DB === 'postgres')('a session kept by another instance', () => {
  const second = useSecondInstance(t)

  // Each test first lets the sign-up's own broadcasts (its verified address) reach the other
  // instance, so that only the broadcast under test can clear what the other instance then keeps.
  it('is refused there once signed out here, when the broadcast arrives', async () => {
    const ada = await t.signUp()
    await broadcastsDelivered(second.services.caches.bus)
    await expectSignedIn(ada, ada.cookies, second.app)
    await post('/sign-out', ada.cookies)
    await broadcastsDelivered(second.services.caches.bus)
    expect(await whoIs(ada.cookies, second.app)).toEqual(SIGNED_OUT)
  })

  it('is refused there, with all of the user’s, once they sign out everywhere here', async () => {
    const ada = await t.signUp()
    const phone = await anotherDevice(ada, second.app)
    await broadcastsDelivered(second.services.caches.bus)
    await expectSignedIn(ada, ada.cookies, second.app)
    await expectSignedIn(ada, phone, second.app)
    await post('/sign-out-everywhere', ada.cookies)
    await broadcastsDelivered(second.services.caches.bus)
    expect(await whoIs(ada.cookies, second.app)).toEqual(SIGNED_OUT)
    expect(await whoIs(phone, second.app)).toEqual(SIGNED_OUT)
  })

  // A change made inside a transaction clears this instance's identity cache at once, and the other's
  // when the transaction's own broadcast arrives (also tested in @promptly/api's cache-bus.int.test.ts).
  it('is refused there once the password changes here', async () => {
    const ada = await t.signUp()
    const phone = await anotherDevice(ada, second.app)
    await broadcastsDelivered(second.services.caches.bus)
    await expectSignedIn(ada, phone, second.app)
    const changed = await post('/password', ada.cookies, {
      currentPassword: ada.password,
      newPassword: 'a whole new passphrase here',
    })
    expect(changed.statusCode).toBe(200)
    await broadcastsDelivered(second.services.caches.bus)
    expect(await whoIs(phone, second.app)).toEqual(SIGNED_OUT)
    await expectSignedIn(ada, ada.cookies, second.app)
  })
})
