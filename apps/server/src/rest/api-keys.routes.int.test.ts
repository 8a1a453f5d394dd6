import { describe, expect, it } from 'vitest'

import { changeRole } from '../cli/change-role.ts'
import type { TestAccount } from '../testing/local-accounts.ts'
import { useTestApp } from '../testing/use-test-app.ts'
import { API_KEY_MESSAGES } from './api-key-caller.ts'
import { KEY_CANNOT_CREATE_KEYS } from './api-keys.routes.ts'

const KEY_LIMIT = 4
const t = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000', API_KEY_RATE_LIMIT_PER_MINUTE: String(KEY_LIMIT) } })

interface CreatedKey {
  key: string
  apiKey: { id: string; name: string; prefix: string; scopes: string[]; lastUsedAt: string | null }
}

async function createKey(owner: TestAccount, scopes: string[] = ['read'], base = '/api/v1'): Promise<CreatedKey> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${base}/keys`,
    headers: owner.bearer,
    payload: { name: 'Script', scopes },
  })
  expect(res.statusCode).toBe(201)
  return res.json<{ data: CreatedKey }>().data
}

const withKey = (key: string) => ({ authorization: `Bearer ${key}` })

describe('/api/v1/keys and /api/v2/keys', () => {
  it('creates a key with the session and shows it once; lists and revokes it, in the legacy envelope', async () => {
    const ada = await t.signUp()
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v2/keys',
      cookies: ada.cookies,
      payload: { name: 'Nightly', scopes: ['read', 'generate'] },
    })
    expect(created.statusCode).toBe(201)
    const body = created.json<{ status: string; message: string; data: CreatedKey }>()
    expect(body).toMatchObject({
      status: 'Inserted',
      data: { apiKey: { name: 'Nightly', scopes: ['read', 'generate'] } },
    })
    expect(body.message).toMatch(/not be shown again/)

    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/keys', headers: ada.bearer })
    expect(listed.json()).toMatchObject({
      status: 'OK',
      data: [{ id: body.data.apiKey.id, prefix: body.data.key.slice(0, 12) }],
    })
    expect(listed.body).not.toContain(body.data.key)

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/keys/${body.data.apiKey.id}`,
      headers: ada.bearer,
    })
    expect(revoked.statusCode).toBe(200)
    expect(revoked.json()).toMatchObject({ status: 'OK', data: { id: body.data.apiKey.id } })
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/keys', headers: ada.bearer })).json().data).toEqual([])
  })

  it('refuses to create a key with a key (403), and without a session (401)', async () => {
    const ada = await t.signUp()
    const { key } = await createKey(ada, ['read', 'generate'])
    const byKey = await t.app.inject({
      method: 'POST',
      url: '/api/v1/keys',
      headers: withKey(key),
      payload: { name: 'More' },
    })
    expect(byKey.statusCode).toBe(403)
    expect(byKey.json()).toMatchObject({ status: 'error', code: 'FORBIDDEN', message: KEY_CANNOT_CREATE_KEYS })
    const signedOut = await t.app.inject({ method: 'POST', url: '/api/v1/keys', payload: { name: 'More' } })
    expect(signedOut.statusCode).toBe(401)
  })

  it("answers 404 for another user's key and 409 past the active-key limit", async () => {
    const ada = await t.signUp()
    const bob = await t.signUp()
    const bobs = await createKey(bob)
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/keys/${bobs.apiKey.id}`, headers: ada.bearer })
    expect(res.statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/limits', headers: withKey(bobs.key) })).statusCode).toBe(
      200,
    )

    for (let index = 1; index < 10; index++) await createKey(bob)
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/api/v1/keys',
      headers: bob.bearer,
      payload: { name: 'eleventh' },
    })
    expect(tooMany.statusCode).toBe(409)
    expect(tooMany.json().message).toMatch(/10 active API keys/)
  })
})

describe('Authorization: Bearer prly_... on the REST adapter', () => {
  it("acts as the key's owner on both bases and records when it was used", async () => {
    const ada = await t.signUp()
    const { key, apiKey } = await createKey(ada)
    const v1 = await t.app.inject({ method: 'GET', url: '/api/v1/limits', headers: withKey(key) })
    const v2 = await t.app.inject({
      method: 'GET',
      url: `/api/v2/limits?clerkId=${ada.user.clerkId}`,
      headers: withKey(key),
    })
    expect(v1.statusCode).toBe(200)
    expect(v2.statusCode).toBe(200)
    expect(v1.json().data).toEqual(
      (await t.app.inject({ method: 'GET', url: '/api/v1/limits', headers: ada.bearer })).json().data,
    )
    const stored = await t.db.prisma.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } })
    expect(stored.lastUsedAt).toBeInstanceOf(Date)
  })

  it('answers 401 for a revoked or unknown key with a clear message that never echoes the key', async () => {
    const ada = await t.signUp()
    const { key, apiKey } = await createKey(ada)
    await t.app.inject({ method: 'DELETE', url: `/api/v1/keys/${apiKey.id}`, headers: ada.bearer })
    const revoked = await t.app.inject({ method: 'GET', url: '/api/v1/limits', headers: withKey(key) })
    expect(revoked.statusCode).toBe(401)
    expect(revoked.json()).toMatchObject({ status: 'error', code: 'UNAUTHORIZED', message: API_KEY_MESSAGES.revoked })
    expect(revoked.body).not.toContain(key.slice(5))

    const unknownKey = `prly_${'A'.repeat(43)}`
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/v1/objects/getCategories',
      headers: withKey(unknownKey),
    })
    expect(unknown.statusCode).toBe(401)
    expect(unknown.json()).toMatchObject({ message: API_KEY_MESSAGES.unknown })
    expect(unknown.body).not.toContain(unknownKey)
  })

  it('answers 403 naming the missing scope', async () => {
    const ada = await t.signUp()
    const reader = await createKey(ada, ['read'])
    const generator = await createKey(ada, ['generate'])
    const decrease = await t.app.inject({
      method: 'POST',
      url: '/api/v1/limits/decrease',
      headers: withKey(reader.key),
    })
    expect(decrease.statusCode).toBe(403)
    expect(decrease.json()).toMatchObject({ code: 'FORBIDDEN', message: API_KEY_MESSAGES.missingScope('generate') })
    const generation = await t.app.inject({
      method: 'POST',
      url: '/api/v1/objects/getResponseOfObject/3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
      headers: withKey(reader.key),
      payload: { groups: [] },
    })
    expect(generation.json()).toMatchObject({ message: API_KEY_MESSAGES.missingScope('generate') })
    expect(await t.db.prisma.creditEntry.count({ where: { userId: ada.user.id, reason: 'usage' } })).toBe(0)

    const read = await t.app.inject({ method: 'GET', url: '/api/v1/limits', headers: withKey(generator.key) })
    expect(read.statusCode).toBe(403)
    expect(read.json()).toMatchObject({ message: API_KEY_MESSAGES.missingScope('read') })
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v2/limits/decrease', headers: withKey(generator.key) }))
        .statusCode,
    ).toBe(200)
  })

  it("refuses to act on another account through clerkId, even when the key's owner is an admin", async () => {
    const admin = await t.signUp()
    const ada = await t.signUp()
    await changeRole(t.db.prisma, { action: 'grant', email: admin.email }, t.testApp.services.caches.bus)
    const { key } = await createKey(admin, ['read', 'generate'])
    const asAda = `clerkId=${encodeURIComponent(ada.user.clerkId)}`
    // The owner's session may (support work); the owner's key may not.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/limits?${asAda}`, headers: admin.bearer })).statusCode,
    ).toBe(200)
    for (const [method, url] of [
      ['GET', `/api/v1/limits?${asAda}`],
      ['POST', `/api/v1/limits/decrease?${asAda}`],
      ['GET', `/api/v2/bookmarks?clerkId=${encodeURIComponent(admin.user.clerkId)}&${asAda}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: withKey(key) })
      expect(res.statusCode).toBe(403)
      expect(res.json()).toMatchObject({ message: API_KEY_MESSAGES.otherAccount })
    }
    expect(await t.db.prisma.creditEntry.count({ where: { userId: ada.user.id, reason: 'usage' } })).toBe(0)
  })

  it('limits each key per minute on its own, with retry-after, apart from other keys and sessions', async () => {
    const ada = await t.signUp()
    const first = await createKey(ada)
    const second = await createKey(ada)
    const call = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/v1/limits', headers })
    for (let index = 0; index < KEY_LIMIT; index++) expect((await call(withKey(first.key))).statusCode).toBe(200)
    const over = await call(withKey(first.key))
    expect(over.statusCode).toBe(429)
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
    expect(over.json()).toMatchObject({ status: 'error', code: 'TOO_MANY_REQUESTS' })
    expect(over.json().message).toMatch(new RegExp(`at most ${KEY_LIMIT} a minute`))
    expect((await call(withKey(second.key))).statusCode).toBe(200)
    expect((await call(ada.bearer)).statusCode).toBe(200)
  })

  it('is not accepted by tRPC nor by the session routes', async () => {
    const ada = await t.signUp()
    const { key } = await createKey(ada, ['read', 'generate'])
    const trpc = await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: withKey(key) })
    expect(trpc.json().result?.data?.json ?? null).toBeNull()
    const limits = await t.app.inject({ method: 'GET', url: '/trpc/credits.limits', headers: withKey(key) })
    expect(limits.statusCode).toBe(401)
    const signOut = await t.app.inject({ method: 'POST', url: '/api/auth/local/sign-out', headers: withKey(key) })
    expect(await t.db.prisma.session.count({ where: { userId: ada.user.id } })).toBeGreaterThan(0)
    expect(signOut.statusCode).toBeLessThan(500)
  })

  it('leaves session Bearer tokens working as before', async () => {
    const ada = await t.signUp()
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/limits', headers: ada.bearer })).statusCode).toBe(200)
  })
})
