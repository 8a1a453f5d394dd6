import { describe, expect, it } from 'vitest'

import { KeyedCache } from './keyed-cache.ts'

// Not 0: lru-cache reads a start time of 0 as "no TTL".
function clock(start = 1_000) {
  let now = start
  return { now: () => now, advance: (ms: number) => (now += ms) }
}

/** A load that waits until released, and counts its runs. */
function gatedLoad<V>(value: () => V) {
  let release: () => void = () => undefined
  let gate = new Promise<void>((resolve) => (release = resolve))
  const load = {
    runs: 0,
    run: async () => {
      load.runs += 1
      await gate
      return value()
    },
    release: () => release(),
    rearm: () => (gate = new Promise<void>((resolve) => (release = resolve))),
  }
  return load
}

describe('KeyedCache', () => {
  it('keeps a loaded value for the TTL, and peeks without loading', async () => {
    const time = clock()
    const cache = new KeyedCache<string>({ ttlMs: 1000, maxEntries: 10, now: time.now })
    expect(cache.peek('k')).toBeUndefined()
    let loads = 0
    const load = async () => `v${++loads}`
    expect(await cache.get('k', load)).toBe('v1')
    time.advance(1000)
    expect(cache.peek('k')).toBe('v1')
    expect(await cache.get('k', load)).toBe('v1')
    time.advance(1)
    expect(cache.peek('k')).toBeUndefined()
    expect(await cache.get('k', load)).toBe('v2')
  })

  it('runs one load for concurrent misses of a key', async () => {
    const cache = new KeyedCache<string>({ ttlMs: 1000, maxEntries: 10 })
    const load = gatedLoad(() => 'value')
    const misses = Array.from({ length: 16 }, () => cache.get('k', load.run))
    load.release()
    expect(await Promise.all(misses)).toEqual(Array(16).fill('value'))
    expect(load.runs).toBe(1)
  })

  it('does not keep what `keep` refuses, nor a failed load', async () => {
    const cache = new KeyedCache<string | null>({ ttlMs: 1000, maxEntries: 10, keep: (value) => value !== null })
    expect(await cache.get('none', async () => null)).toBeNull()
    expect(cache.peek('none')).toBeUndefined()
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down')
    expect(await cache.get('k', async () => 'ok')).toBe('ok')
  })

  it('reads a value `isFresh` refuses as a miss', async () => {
    let valid = true
    const cache = new KeyedCache<string>({ ttlMs: 1000, maxEntries: 10, isFresh: () => valid })
    await cache.get('k', async () => 'old')
    valid = false
    expect(cache.peek('k')).toBeUndefined()
    valid = true
    expect(await cache.get('k', async () => 'new')).toBe('new')
  })

  it('does not keep a load that an invalidation overtook, and starts a fresh one after it', async () => {
    const cache = new KeyedCache<string>({ ttlMs: 1000, maxEntries: 10 })
    let stored = 'before'
    const load = gatedLoad(() => stored)
    void cache.get('k', load.run)
    // The change commits and is invalidated while the load that read the old state is still running.
    stored = 'after'
    cache.delete('other key')
    load.rearm()
    const after = cache.get('k', load.run)
    expect(load.runs).toBe(2)
    load.release()
    expect(await after).toBe('after')
    expect(cache.peek('k')).toBe('after')
  })

  it('answers an overtaken load to those waiting on it, without keeping it', async () => {
    const cache = new KeyedCache<string>({ ttlMs: 1000, maxEntries: 10 })
    const load = gatedLoad(() => 'stale')
    const waiting = cache.get('k', load.run)
    cache.clear()
    load.release()
    expect(await waiting).toBe('stale')
    expect(cache.peek('k')).toBeUndefined()
  })

  it('deleteWhere drops every kept value that matches, and only those', async () => {
    const cache = new KeyedCache<{ owner: string }>({ ttlMs: 1000, maxEntries: 10 })
    await cache.get('a1', async () => ({ owner: 'ada' }))
    await cache.get('a2', async () => ({ owner: 'ada' }))
    await cache.get('b1', async () => ({ owner: 'bob' }))
    cache.deleteWhere((value) => value.owner === 'ada')
    expect([cache.peek('a1'), cache.peek('a2'), cache.peek('b1')]).toEqual([undefined, undefined, { owner: 'bob' }])
    expect(cache.size).toBe(1)
  })
})
