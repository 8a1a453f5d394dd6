import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createApiKey } from '@promptly/api/api-keys/create.handler'
import { revokeApiKey } from '@promptly/api/api-keys/revoke.handler'
import { inProcessCaches, type Caches } from '@promptly/api/caching/caches'
import type { SignedInUser } from '@promptly/api/context'
import { createTestUser, testContext } from '@promptly/api/testing/test-caller'
import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import { useTestApp } from '../testing/use-test-app.ts'
import { ApiKeyCache } from './api-key-cache.ts'
import { API_KEY_MESSAGES } from './api-key-caller.ts'

describe('ApiKeyCache', () => {
  let db: TestDatabase
  let statements: string[] = []
  let caches: Caches
  let cache: ApiKeyCache
  let ada: SignedInUser
  beforeAll(async () => {
    db = await createTestDatabase({ onQuery: (sql) => statements.push(sql) })
    ada = await createTestUser(db.prisma, 'Ada')
  })
  afterAll(() => db.close())

  const fresh = () => {
    caches = inProcessCaches()
    cache = new ApiKeyCache(caches.bus)
  }
  const newKey = async () =>
    await createApiKey({
      ctx: { ...testContext(db.prisma, ada, { caches }), user: ada },
      input: { name: 'Script', scopes: ['generate'] },
    })
  const lookups = async (work: () => Promise<unknown>) => {
    statements = []
    await work()
    return statements.length
  }

  it('looks a key up once: the next calls with it cost no statement', async () => {
    fresh()
    const { key } = await newKey()
    expect(await lookups(() => cache.authenticate(db.prisma, key))).toBeGreaterThan(0)
    expect(await lookups(() => cache.authenticate(db.prisma, key))).toBe(0)
    const again = await cache.authenticate(db.prisma, key)
    expect(again).toMatchObject({ ok: true, caller: { user: { id: ada.id }, scopes: ['generate'] } })
  })

  it('refuses a key revoked after it was kept, on the very next call', async () => {
    fresh()
    const { key, apiKey } = await newKey()
    expect((await cache.authenticate(db.prisma, key)).ok).toBe(true)
    await revokeApiKey({ ctx: { ...testContext(db.prisma, ada, { caches }), user: ada }, input: { id: apiKey.id } })
    expect(cache.peek(key)).toBeUndefined()
    expect(await cache.authenticate(db.prisma, key)).toEqual({ ok: false, reason: 'revoked' })
  })

  it('keeps no refusal: unknown keys are looked up every time and take no room', async () => {
    fresh()
    const unknown = `prly_${'B'.repeat(43)}`
    expect(await cache.authenticate(db.prisma, unknown)).toEqual({ ok: false, reason: 'unknown' })
    expect(await lookups(() => cache.authenticate(db.prisma, unknown))).toBeGreaterThan(0)
    expect(cache.peek(unknown)).toBeUndefined()
    // Not shaped like a key: refused with no lookup at all.
    expect(await lookups(() => cache.authenticate(db.prisma, 'prly_short'))).toBe(0)
  })

  it("drops the owner's keys when the user is forgotten (sign-out everywhere, a role change)", async () => {
    fresh()
    const { key } = await newKey()
    await cache.authenticate(db.prisma, key)
    await caches.bus.publish('user', ada.id)
    expect(cache.peek(key)).toBeUndefined()
  })
})

describe('a script whose key is revoked between two calls', () => {
  const t = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } })

  it('is refused on the call after the revocation, though the key was just accepted', async () => {
    const ada = await t.signUp()
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/keys',
      headers: ada.bearer,
      payload: { name: 'Script', scopes: ['read'] },
    })
    const { key, apiKey } = created.json<{ data: { key: string; apiKey: { id: string } } }>().data
    const headers = { authorization: `Bearer ${key}` }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/limits', headers })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/limits', headers })).statusCode).toBe(200)

    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/v1/keys/${apiKey.id}`, headers: ada.bearer })
    expect(revoked.statusCode).toBe(200)
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/limits', headers })
    expect(after.statusCode).toBe(401)
    expect(after.json()).toMatchObject({ message: API_KEY_MESSAGES.revoked })
  })
})
