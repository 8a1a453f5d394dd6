import { invalidateCatalogue } from '@promptly/api/catalogue-cache/catalogue-cache'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUpTestAccount } from '../testing/local-accounts.ts'
import { createTestApp, type TestApp } from '../testing/test-app.ts'
import { cacheKeyOf } from './public-response-cache.ts'

let t: TestApp
const allTools = `/trpc/tools.byCategory?input=${encodeURIComponent(JSON.stringify({ json: { category: 'All Tools' } }))}`

beforeAll(async () => {
  t = await createTestApp({ seed: true })
})
afterAll(() => t.close())

async function settle(): Promise<void> {
  // The copy of a missed response is stored once its body has been read.
  await new Promise((resolve) => setTimeout(resolve, 50))
}

describe('public response cache', () => {
  it('serves a repeated signed-out catalogue query from stored bytes', async () => {
    const first = await t.app.inject({ method: 'GET', url: allTools })
    await settle()
    const second = await t.app.inject({ method: 'GET', url: allTools })
    expect(first.statusCode).toBe(200)
    expect(first.headers['x-cache']).toBeUndefined()
    expect(second.headers['x-cache']).toBe('hit')
    expect(second.body).toBe(first.body)
    expect(second.headers['content-type']).toBe(first.headers['content-type'])
  })

  it('shows a tool change at once after the catalogue is invalidated', async () => {
    await t.app.inject({ method: 'GET', url: allTools })
    await settle()
    const tool = await t.db.prisma.tool.findFirstOrThrow({ orderBy: { createdAt: 'asc' } })
    await t.db.prisma.tool.update({ where: { id: tool.id }, data: { name: 'Renamed For The Cache Test' } })
    invalidateCatalogue(t.db.prisma)
    const after = await t.app.inject({ method: 'GET', url: allTools })
    expect(after.headers['x-cache']).toBeUndefined()
    expect(after.body).toContain('Renamed For The Cache Test')
  })

  it('never answers a signed-in request from the cache (its answer carries isBookmarked)', async () => {
    await t.app.inject({ method: 'GET', url: allTools })
    await settle()
    const account = await signUpTestAccount(t.app)
    const tool = await t.db.prisma.tool.findFirstOrThrow({ orderBy: { createdAt: 'asc' } })
    await t.app.inject({
      method: 'POST',
      url: '/trpc/bookmarks.toggle',
      headers: { ...account.bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({ json: { toolId: tool.id } }),
    })
    const mine = await t.app.inject({ method: 'GET', url: allTools, headers: account.bearer })
    expect(mine.headers['x-cache']).toBeUndefined()
    expect(mine.body).toContain('"isBookmarked":true')
  })
})

describe('cacheKeyOf', () => {
  const request = (url: string, headers: Record<string, string> = {}) => ({ method: 'GET', url, headers })

  it('takes public catalogue queries, batched or not', () => {
    expect(cacheKeyOf(request('/trpc/tools.categories'), '/trpc')).toBe('/trpc/tools.categories')
    expect(cacheKeyOf(request('/trpc/tools.categories,tools.byCategory?batch=1&input=x'), '/trpc')).not.toBeNull()
  })

  it('refuses anything private, credentialed or not a GET', () => {
    expect(cacheKeyOf(request('/trpc/tools.categories,auth.me?batch=1'), '/trpc')).toBeNull()
    expect(cacheKeyOf(request('/trpc/bookmarks.list'), '/trpc')).toBeNull()
    expect(cacheKeyOf(request('/trpc/tools.categories', { authorization: 'Bearer x' }), '/trpc')).toBeNull()
    expect(cacheKeyOf(request('/trpc/tools.categories', { cookie: 'theme=dark; promptly_session=abc' }), '/trpc')).toBeNull()
    expect(cacheKeyOf(request('/trpc/tools.categories', { cookie: '__session=jwt' }), '/trpc')).toBeNull()
    expect(cacheKeyOf({ method: 'POST', url: '/trpc/tools.categories', headers: {} }, '/trpc')).toBeNull()
  })
})
