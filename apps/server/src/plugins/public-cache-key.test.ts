import { describe, expect, it } from 'vitest'

import { cacheKeyOf, PublicUrls } from './public-cache-key.ts'

const request = (url: string, headers: Record<string, string> = {}) => ({ method: 'GET', url, headers })
const categories = '/trpc/tools.categories'

describe('cacheKeyOf', () => {
  it('takes public catalogue queries, batched or not', () => {
    expect(cacheKeyOf(request(categories), '/trpc')).toBe(categories)
    expect(cacheKeyOf(request('/trpc/tools.categories,tools.byCategory?batch=1&input=x'), '/trpc')).not.toBeNull()
  })

  it('refuses anything private or not a GET', () => {
    expect(cacheKeyOf(request('/trpc/tools.categories,auth.me?batch=1'), '/trpc')).toBeNull()
    expect(cacheKeyOf(request('/trpc/bookmarks.list'), '/trpc')).toBeNull()
    expect(cacheKeyOf({ method: 'POST', url: categories, headers: {} }, '/trpc')).toBeNull()
  })

  it('refuses a path that does not decode, rather than throwing', () => {
    expect(cacheKeyOf(request('/trpc/tools.categories%E0%A4%A'), '/trpc')).toBeNull()
  })

  it('keeps cookies that name no one', () => {
    expect(cacheKeyOf(request(categories, { cookie: 'theme=dark; lang=en' }), '/trpc')).toBe(categories)
    expect(cacheKeyOf(request(categories, { cookie: '' }), '/trpc')).toBe(categories)
  })

  it.each([
    ['the local session', 'theme=dark; promptly_session=abc'],
    ["Clerk's session token", '__session=jwt'],
    ["Clerk's suffixed session token", 'theme=dark; __session_Ab12Cd34=jwt'],
    ["Clerk's client marker", '__client_uat=1700000000'],
    ["Clerk's suffixed client marker", '__client_uat_Ab12Cd34=0'],
    ["Clerk's refresh token", '__refresh_Ab12Cd34=token'],
    ["Clerk's handshake token", '__clerk_handshake=jwt'],
    ["Clerk's dev-browser token", '__clerk_db_jwt_Ab12Cd34=dvb'],
    ['a percent-encoded session cookie name', '%5F%5Fsession_x=jwt'],
    ['a session cookie without spaces after the separator', 'theme=dark;__session_x=jwt'],
  ])('refuses a request carrying %s', (_what, cookie) => {
    expect(cacheKeyOf(request(categories, { cookie }), '/trpc')).toBeNull()
  })

  it.each([
    ['a Bearer token', 'Bearer token'],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['an empty value', ''],
  ])('refuses any Authorization header: %s', (_what, authorization) => {
    expect(cacheKeyOf(request(categories, { authorization }), '/trpc')).toBeNull()
  })

  it.each([
    ['the legacy clerkId', 'clerkId=user_123'],
    ['the legacy profile fields', 'name=Ada&email=ada%40example.com&imageUrl=x'],
    ["Clerk's session token", '__session=jwt'],
    ["Clerk's handshake token", '__clerk_handshake=jwt'],
    ['a percent-encoded clerkId', '%63lerkId=user_123'],
    ['any parameter tRPC does not read', 'utm_source=mail'],
  ])('refuses a query carrying %s', (_what, query) => {
    expect(cacheKeyOf(request(`${categories}?${query}`), '/trpc')).toBeNull()
    expect(cacheKeyOf(request(`/trpc/tools.byCategory?input=x&${query}`), '/trpc')).toBeNull()
  })
})

describe('cacheKeyOf with remembered URLs', () => {
  it('remembers what a URL calls, but reads the caller from every request', () => {
    const urls = new PublicUrls('/trpc')
    expect(cacheKeyOf(request(categories), '/trpc', urls)).toBe(categories)
    expect(cacheKeyOf(request(categories, { cookie: 'promptly_session=abc' }), '/trpc', urls)).toBeNull()
    expect(cacheKeyOf(request(categories, { authorization: 'Bearer token' }), '/trpc', urls)).toBeNull()
    expect(cacheKeyOf(request(categories, { 'trpc-accept': 'application/jsonl' }), '/trpc', urls)).toBeNull()
    expect(cacheKeyOf(request(categories, { origin: 'https://partner.example' }), '/trpc', urls)).toBeNull()
    expect(cacheKeyOf({ method: 'POST', url: categories, headers: {} }, '/trpc', urls)).toBeNull()
    expect(cacheKeyOf(request(categories), '/trpc', urls)).toBe(categories)
  })

  it('gives the same verdict as reading the URL afresh, the first time and after', () => {
    const urls = new PublicUrls('/trpc')
    const samples = [
      categories,
      '/trpc/tools.categories,auth.me?batch=1',
      '/trpc/bookmarks.list',
      '/trpc/tools.categories%E0%A4%A',
      `${categories}?clerkId=user_123`,
      '/trpc/tools.byCategory?input=x',
      '/api/v1/objects/getCategories',
    ]
    for (let round = 0; round < 2; round++) {
      for (const url of samples) expect(cacheKeyOf(request(url), '/trpc', urls)).toBe(cacheKeyOf(request(url), '/trpc'))
    }
  })

  it('keeps a bounded number of URLs, however many different ones arrive', () => {
    const urls = new PublicUrls('/trpc')
    for (let index = 0; index < 5_000; index++) urls.isPublic(`/trpc/tools.search?input=${index}`)
    expect(urls.size).toBeLessThanOrEqual(512)
    expect(urls.isPublic(categories)).toBe(true)
  })
})
