import { describe, expect, it } from 'vitest'

import { ResponseStore, type StoredResponse } from './response-store.ts'

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
