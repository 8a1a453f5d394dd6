import { describe, expect, it } from 'vitest'

import { cacheKeyOf, ResponseStore, type StoredResponse } from './public-response-cache.ts'

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

// Not 0: the store reads a start time of 0 as "no TTL".
function clock(start = 1_000) {
  let now = start
  return { now: () => now, advance: (ms: number) => (now += ms) }
}

const response = (bytes: number): StoredResponse => ({
  body: Buffer.alloc(bytes, 'x'),
  contentType: 'application/json',
})

describe('ResponseStore', () => {
  it('serves an entry until its TTL has passed, then drops it', () => {
    const time = clock()
    const store = new ResponseStore({ ttlMs: 1000, now: time.now })
    store.set('a', response(10), store.generation)
    time.advance(1000)
    expect(store.get('a')?.body.byteLength).toBe(10)
    time.advance(1)
    expect(store.get('a')).toBeUndefined()
    expect(store.size).toBe(0)
    expect(store.totalBytes).toBe(0)
  })

  it('keeps its total bytes within the bound, evicting the least recently used first', () => {
    // Each entry counts its body and its one-byte key: 41 bytes.
    const store = new ResponseStore({ maxTotalBytes: 100 })
    store.set('a', response(40), store.generation)
    store.set('b', response(40), store.generation)
    store.get('a') // touches a: b is now the oldest
    store.set('c', response(40), store.generation)
    expect(store.totalBytes).toBeLessThanOrEqual(100)
    expect(store.get('b')).toBeUndefined()
    expect(store.get('a')).toBeDefined()
    expect(store.get('c')).toBeDefined()
  })

  it('counts a replaced entry once', () => {
    const store = new ResponseStore()
    store.set('a', response(40), store.generation)
    store.set('a', response(10), store.generation)
    expect(store.size).toBe(1)
    expect(store.totalBytes).toBe(11)
  })

  it('keeps its entry count within the bound', () => {
    const store = new ResponseStore({ maxEntries: 2 })
    for (const key of ['a', 'b', 'c']) store.set(key, response(1), store.generation)
    expect(store.size).toBe(2)
    expect(store.get('a')).toBeUndefined()
  })

  it('refuses a body over the size limit and leaves the rest alone', () => {
    const store = new ResponseStore({ maxBodyBytes: 50, maxTotalBytes: 100 })
    store.set('a', response(40), store.generation)
    expect(store.set('big', response(51), store.generation)).toBe(false)
    expect(store.get('big')).toBeUndefined()
    expect(store.get('a')).toBeDefined()
  })

  it('runs one produce for 64 concurrent misses of one key, cold and again when the TTL lapses', async () => {
    const time = clock()
    const store = new ResponseStore({ ttlMs: 1000, now: time.now })
    let produced = 0
    // Every produce waits at this gate, so all 64 calls are made while the first is still running.
    let release: () => void = () => undefined
    let gate = new Promise<void>((resolve) => (release = resolve))
    const produce = async () => {
      produced += 1
      await gate
      return response(produced)
    }
    const misses = () => Array.from({ length: 64 }, () => store.fetch('a', produce))

    const cold = misses()
    release()
    expect((await Promise.all(cold)).map((answer) => answer?.body.byteLength)).toEqual(Array(64).fill(1))
    expect(produced).toBe(1)

    time.advance(1001)
    gate = new Promise<void>((resolve) => (release = resolve))
    const lapsed = misses()
    release()
    expect((await Promise.all(lapsed)).map((answer) => answer?.body.byteLength)).toEqual(Array(64).fill(2))
    expect(produced).toBe(2)
  })

  it('keeps nothing when the shared produce has no answer to keep, nor one over the size limit', async () => {
    const store = new ResponseStore({ maxBodyBytes: 50 })
    expect(await store.fetch('none', async () => undefined)).toBeUndefined()
    expect(store.get('none')).toBeUndefined()
    await store.fetch('big', async () => response(51))
    expect(store.get('big')).toBeUndefined()
    expect(store.size).toBe(0)
  })

  it('refuses a response read before the last clear', () => {
    const store = new ResponseStore()
    const before = store.generation
    store.clear()
    expect(store.set('a', response(10), before)).toBe(false)
    expect(store.get('a')).toBeUndefined()
    expect(store.set('a', response(10), store.generation)).toBe(true)
    expect(store.get('a')).toBeDefined()
  })
})
