import { createHash } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'

import { createClerkTestKeys, type ClerkTestKeys } from '../testing/clerk-test-tokens.ts'
import { useTestApp } from '../testing/use-test-app.ts'

// A production instance: a development one also wants Clerk's dev-browser cookie before it reads a
// session cookie, and that cookie alone already keeps a request out of the cache.
const PUBLISHABLE_KEY = `pk_live_${Buffer.from('clerk.promptly.test$').toString('base64')}`
// Installed before Clerk's SDK loads (services.ts imports it on demand), which binds `fetch` then.
vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('no network in tests'))

let keys: ClerkTestKeys
const t = useTestApp(async () => {
  keys = await createClerkTestKeys()
  return {
    seed: true,
    clerk: { jwtKey: keys.jwtKey },
    env: { CLERK_SECRET_KEY: 'sk_live_promptly_offline_only', CLERK_PUBLISHABLE_KEY: PUBLISHABLE_KEY },
  }
})

/**
 * Clerk's suffix for this instance's cookies (`__session_<suffix>`): the first 8 base64url characters of
 * SHA-1(publishable key).
 */
function cookieSuffix(publishableKey: string): string {
  return createHash('sha1').update(publishableKey).digest('base64url').slice(0, 8)
}

const searchUrl = (text: string) => `/trpc/tools.search?input=${encodeURIComponent(JSON.stringify({ json: { text } }))}`

describe('public response cache under Clerk', () => {
  it('neither serves nor stores the answer of a caller signed in only by suffixed Clerk cookies', async () => {
    const token = await keys.sessionToken('user_suffixed', {
      name: 'Suffix User',
      email: 'suffix@example.com',
      azp: 'https://promptly.test',
    })
    const tool = await t.db.prisma.tool.findFirstOrThrow({ orderBy: { createdAt: 'asc' } })
    const bookmark = await t.app.inject({
      method: 'POST',
      url: '/trpc/bookmarks.set',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ json: { toolId: tool.id, bookmarked: true } }),
    })
    expect(bookmark.statusCode).toBe(200)
    const suffix = cookieSuffix(PUBLISHABLE_KEY)
    const signedInCookies = `__client_uat_${suffix}=${Math.floor(Date.now() / 1000) - 60}; __session_${suffix}=${token}`
    const url = searchUrl(tool.name)

    // Not served from: a stored signed-out answer would say isBookmarked false.
    await t.app.inject({ method: 'GET', url })
    const mine = await t.app.inject({ method: 'GET', url, headers: { cookie: signedInCookies } })
    expect(mine.headers['x-cache']).toBeUndefined()
    expect(mine.body).toContain('"isBookmarked":true')

    // Not stored: on a URL nobody asked for yet, the signed-in answer comes first and must not be kept.
    const freshUrl = searchUrl(tool.name.toUpperCase())
    const mineFirst = await t.app.inject({ method: 'GET', url: freshUrl, headers: { cookie: signedInCookies } })
    expect(mineFirst.body).toContain('"isBookmarked":true')
    const anonymous = await t.app.inject({ method: 'GET', url: freshUrl })
    expect(anonymous.headers['x-cache']).toBeUndefined()
    expect(anonymous.body).not.toContain('"isBookmarked":true')
    const anonymousAgain = await t.app.inject({ method: 'GET', url: freshUrl })
    expect(anonymousAgain.headers['x-cache']).toBe('hit')
  })
})
