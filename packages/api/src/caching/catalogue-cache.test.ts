import { describe, expect, it } from 'vitest'

import { inProcessCacheBus } from './cache-bus.ts'
import { CatalogueCache } from './catalogue-cache.ts'

// Not 0: the cache reads a start time of 0 as "no TTL".
function clock(start = 1_000) {
  let now = start
  return { now: () => now, advance: (ms: number) => (now += ms) }
}

describe('CatalogueCache', () => {
  it('loads once and serves the stored value until the TTL has passed', async () => {
    const time = clock()
    const cache = new CatalogueCache(inProcessCacheBus(), { ttlMs: 1000, now: time.now })
    let loads = 0
    const load = async () => ++loads
    expect(await cache.getOrLoad('k', load)).toBe(1)
    time.advance(1000)
    expect(await cache.getOrLoad('k', load)).toBe(1)
    time.advance(1)
    expect(await cache.getOrLoad('k', load)).toBe(2)
  })

  it('runs the loader once for 64 concurrent misses of one key, cold and again when the TTL lapses', async () => {
    const time = clock()
    const cache = new CatalogueCache(inProcessCacheBus(), { ttlMs: 1000, now: time.now })
    let loads = 0
    // Every load waits at this gate, so all 64 calls are made while the first is still running.
    let release: () => void = () => undefined
    let gate = new Promise<void>((resolve) => (release = resolve))
    const load = async () => {
      loads += 1
      await gate
      return loads
    }
    const misses = () => Array.from({ length: 64 }, () => cache.getOrLoad('k', load))

    const cold = misses()
    release()
    expect(await Promise.all(cold)).toEqual(Array(64).fill(1))
    expect(loads).toBe(1)

    time.advance(1001)
    gate = new Promise<void>((resolve) => (release = resolve))
    const lapsed = misses()
    release()
    expect(await Promise.all(lapsed)).toEqual(Array(64).fill(2))
    expect(loads).toBe(2)
  })

  it('keeps a loader answer of null', async () => {
    const cache = new CatalogueCache(inProcessCacheBus())
    let loads = 0
    const load = async () => {
      loads += 1
      return null
    }
    expect(await cache.getOrLoad('none', load)).toBeNull()
    expect(await cache.getOrLoad('none', load)).toBeNull()
    expect(loads).toBe(1)
  })

  it('does not keep a failed load', async () => {
    const cache = new CatalogueCache(inProcessCacheBus())
    await expect(cache.getOrLoad('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down')
    expect(await cache.getOrLoad('k', async () => 'ok')).toBe('ok')
  })

  it('invalidate() drops every entry, including a load still running', async () => {
    const cache = new CatalogueCache(inProcessCacheBus())
    let release: (value: string) => void = () => undefined
    const slow = cache.getOrLoad('slow', () => new Promise<string>((resolve) => (release = resolve)))
    await cache.getOrLoad('fast', async () => 'old')
    cache.invalidate()
    expect(cache.size).toBe(0)
    release('stale')
    expect(await slow).toBe('stale')
    expect(await cache.getOrLoad('slow', async () => 'fresh')).toBe('fresh')
    expect(await cache.getOrLoad('fast', async () => 'new')).toBe('new')
  })

  it('evicts the least recently used entry beyond its size bound', async () => {
    const cache = new CatalogueCache(inProcessCacheBus(), { maxEntries: 2 })
    await cache.getOrLoad('a', async () => 'a1')
    await cache.getOrLoad('b', async () => 'b1')
    await cache.getOrLoad('a', async () => 'a2') // touches a: b is now the oldest
    await cache.getOrLoad('c', async () => 'c1')
    expect(cache.size).toBe(2)
    expect(await cache.getOrLoad('a', async () => 'a3')).toBe('a1')
    expect(await cache.getOrLoad('b', async () => 'b2')).toBe('b2')
  })
})
