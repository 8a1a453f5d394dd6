import { describe, expect, it, vi } from 'vitest'

import { createClerkTestKeys, type ClerkTestKeys } from '../testing/clerk-test-tokens.ts'
import { useTestApp } from '../testing/use-test-app.ts'

let keys: ClerkTestKeys
// Installed before Clerk's SDK loads, which binds `fetch` then: nothing may reach Clerk's servers.
vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('no network in tests'))

const t = useTestApp(async () => {
  keys = await createClerkTestKeys()
  return { clerk: { jwtKey: keys.jwtKey } }
})

describe('API keys with Clerk identity', () => {
  it('make REST calls as the Clerk user who created them, and are not Clerk tokens for /trpc', async () => {
    const session = await keys.sessionToken('user_ada', {
      name: 'Ada',
      email: 'ada@example.com',
      image_url: '',
      email_verified: true,
    })
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/keys',
      headers: { authorization: `Bearer ${session}` },
      payload: { name: 'Clerk script' },
    })
    expect(created.statusCode).toBe(201)
    const key = created.json<{ data: { key: string } }>().data.key

    const limits = await t.app.inject({
      method: 'GET',
      url: '/api/v2/limits',
      headers: { authorization: `Bearer ${key}` },
    })
    expect(limits.statusCode).toBe(200)
    expect(limits.json().data).toEqual({ plan: 'free', current_limit: 30, max_limit: 30 })
    const trpc = await t.app.inject({
      method: 'GET',
      url: '/trpc/credits.limits',
      headers: { authorization: `Bearer ${key}` },
    })
    expect(trpc.statusCode).toBe(401)
  })
})
