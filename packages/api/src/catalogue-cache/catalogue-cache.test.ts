import { describe, expect, it } from 'vitest'
import { CatalogueCache } from './catalogue-cache.ts'

function clock(start = 0) {
  let now = start
  return { now: () => now, advance: (ms: number) => (now += ms) }
}

describe('CatalogueCache', () => {
  it('loads once and serves the stored value until the TTL passes', async () => {
    const time = clock()
    const cache = new CatalogueCache({ ttlMs: 1000, now: time.now })
    let loads = 0
    const load = async () => ++loads
    expect(await cache.getOrLoad('k', load)).toBe(1)
    time.advance(999)
    expect(await cache.getOrLoad('k', load)).toBe(1)
    time.advance(1)
    expect(await cache.getOrLoad('k', load)).toBe(2)
  })

  it('shares one load between concurrent misses', async () => {
    const cache = new CatalogueCache()
    let loads = 0
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 5))
    const values = await Promise.all([cache.getOrLoad('k', load), cache.getOrLoad('k', load), cache.getOrLoad('k', load)])
    expect(values).toEqual([1, 1, 1])
    expect(loads).toBe(1)
  })

  it('does not keep a failed load', async () => {
    const cache = new CatalogueCache()
    await expect(cache.getOrLoad('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down')
    expect(await cache.getOrLoad('k', async () => 'ok')).toBe('ok')
  })

  it('invalidate() drops every entry, including a load still running', async () => {
    const cache = new CatalogueCache()
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
    const cache = new CatalogueCache({ maxEntries: 2 })
    await cache.getOrLoad('a', async () => 'a1')
    await cache.getOrLoad('b', async () => 'b1')
    await cache.getOrLoad('a', async () => 'a2') // touches a: b is now the oldest
    await cache.getOrLoad('c', async () => 'c1')
    expect(cache.size).toBe(2)
    expect(await cache.getOrLoad('a', async () => 'a3')).toBe('a1')
    expect(await cache.getOrLoad('b', async () => 'b2')).toBe('b2')
  })
})
