import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'

import { openDatabase, type Database } from '@promptly/db/client'
import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import { inProcessCacheBus, type CacheBus } from './cache-bus.ts'
import type { CacheTopic } from './cache-topics.ts'
import { createCaches, type Caches } from './caches.ts'
import type { CatalogueCache } from './catalogue-cache.ts'
import { CACHE_LISTENER_NAME, notifyInTransaction, postgresCacheBus } from './postgres-cache-bus.ts'

/** What a keyed cache on `bus` was told: each forgotten key as `topic:key`, and `*` for "everything". */
function keyedLog(bus: CacheBus, topics: readonly CacheTopic[] = ['session', 'user', 'bookmarks']) {
  const told: string[] = []
  const stops = topics.map((topic) =>
    bus.subscribe(topic, {
      forget: (key) => told.push(`${topic}:${key}`),
      forgetAll: () => told.push('*'),
    }),
  )
  return { told, stop: () => stops.forEach((stop) => stop()) }
}

/** Resolves at the cache's next invalidation, however it comes (a publish, a notification, a reconnect). */
function nextInvalidation(cache: CatalogueCache): Promise<void> {
  return new Promise((resolve) => {
    const stop = cache.onInvalidate(() => {
      stop()
      resolve()
    })
  })
}

async function fill(cache: CatalogueCache): Promise<void> {
  await cache.getOrLoad('categories', async () => ['All Tools'])
  expect(cache.size).toBe(1)
}

describe('the in-process cache bus', () => {
  it('clears the catalogue, and the caches built on it, when a catalogue change is published', async () => {
    const caches = createCaches(inProcessCacheBus())
    expect(caches.bus.kind).toBe('in-process')
    const cache = caches.catalogue
    await fill(cache)
    const told = nextInvalidation(cache)
    // Cleared before the publish returns: the writer's own next read sees its write.
    const sent = caches.catalogue.changed()
    expect(cache.size).toBe(0)
    await sent
    await told
  })

  it('clears a key of a keyed cache of this instance only, when a keyed change is published', async () => {
    const here = createCaches(inProcessCacheBus())
    const there = createCaches(inProcessCacheBus())
    const hereLog = keyedLog(here.bus)
    const thereLog = keyedLog(there.bus)
    try {
      await here.bus.publish('bookmarks', 'user-1')
      expect(hereLog.told).toEqual(['bookmarks:user-1'])
      expect(thereLog.told).toEqual([])
      // The catalogue is not cleared by a keyed invalidation.
      await fill(here.catalogue)
      await here.bus.publish('session', 'hash-1')
      expect(here.catalogue.size).toBe(1)
    } finally {
      hereLog.stop()
      thereLog.stop()
    }
  })

  it('clears a key at once when it is published from inside a transaction', async () => {
    const db = await createTestDatabase()
    try {
      const bus = inProcessCacheBus()
      const log = keyedLog(bus)
      await db.prisma.$transaction(async (tx) => {
        await bus.publishInTransaction(tx, 'user', 'user-4')
        expect(log.told).toEqual(['user:user-4'])
      })
    } finally {
      await db.close()
    }
  })
})

// Two instances are two database handles (each with its own caches and bus) on one PostgreSQL database; on
// PGlite, which one process holds, there is nobody to broadcast to.
describe.runIf(process.env.TEST_DB === 'postgres')('the PostgreSQL cache bus', () => {
  let db: TestDatabase
  let other: Database
  let first: Caches
  let second: Caches
  const secondLog: string[] = []
  const ignore = () => undefined
  const RECONNECTED = 'Listening for cache invalidations again; every cache was cleared'

  beforeAll(async () => {
    db = await createTestDatabase()
    other = await openDatabase({ url: db.url! })
    first = createCaches(await postgresCacheBus(db.prisma, { url: db.url!, log: { info: ignore, warn: ignore } }))
    const secondBus = await postgresCacheBus(other.prisma, {
      url: db.url!,
      log: {
        info: (_details, message) => secondLog.push(message),
        warn: (_details, message) => secondLog.push(message),
      },
    })
    second = createCaches(secondBus)
  })
  afterAll(async () => {
    await first?.bus.close()
    await second?.bus.close()
    await other?.close()
    await db?.close()
  })

  const firstCache = () => first.catalogue
  const secondCache = () => second.catalogue

  it('clear the other instance’s cache when one publishes a change', async () => {
    expect([first.bus.kind, second.bus.kind]).toEqual(['postgres', 'postgres'])
    await fill(secondCache())
    const told = nextInvalidation(secondCache())
    await first.catalogue.changed()
    await told
    expect(secondCache().size).toBe(0)
  })

  it('skip the sender’s own notification: it cleared its cache before sending', async () => {
    let firstInvalidations = 0
    const stop = firstCache().onInvalidate(() => (firstInvalidations += 1))
    try {
      const secondTold = nextInvalidation(secondCache())
      await first.bus.publish('catalogue')
      expect(firstInvalidations).toBe(1)
      await secondTold
      // PostgreSQL delivers notifications in the order their transactions committed: the first
      // instance's own notification, had it counted, would have arrived before this one.
      const firstTold = nextInvalidation(firstCache())
      await second.bus.publish('catalogue')
      await firstTold
      expect(firstInvalidations).toBe(2)
    } finally {
      stop()
    }
  })

  it('clear a keyed cache’s key on every instance, the sender’s at once', async () => {
    const firstLog = keyedLog(first.bus)
    const secondLog = keyedLog(second.bus)
    try {
      const sent = first.bus.publish('user', 'user-2')
      // Cleared before the publish returns: the writer's own next request sees its change.
      expect(firstLog.told).toEqual(['user:user-2'])
      await sent
      await vi.waitFor(() => expect(secondLog.told).toEqual(['user:user-2']), { timeout: 30_000, interval: 10 })
      // The catalogue caches were not cleared.
      await fill(secondCache())
      await first.bus.publish('bookmarks', 'user-3')
      await vi.waitFor(() => expect(secondLog.told).toContain('bookmarks:user-3'), { timeout: 30_000, interval: 10 })
      expect(secondCache().size).toBe(1)
    } finally {
      firstLog.stop()
      secondLog.stop()
    }
  })

  it('deliver a keyed invalidation sent in a transaction at commit, to every instance, never on rollback', async () => {
    const firstLog = keyedLog(first.bus)
    const secondLog = keyedLog(second.bus)
    try {
      await expect(
        db.prisma.$transaction(async (tx) => {
          await notifyInTransaction(tx, 'user', 'rolled-back')
          throw new Error('rolled back')
        }),
      ).rejects.toThrow('rolled back')
      let committed = false
      await db.prisma.$transaction(async (tx) => {
        await notifyInTransaction(tx, 'user', 'committed')
        committed = true
      })
      expect(committed).toBe(true)
      // The sender hears its own, at commit: what it re-read before then is dropped. Notifications
      // arrive in commit order, so a rolled-back one, had it been sent, would have come first.
      for (const log of [firstLog, secondLog]) {
        await vi.waitFor(() => expect(log.told).toContain('user:committed'), { timeout: 30_000, interval: 10 })
        expect(log.told).not.toContain('user:rolled-back')
      }
    } finally {
      firstLog.stop()
      secondLog.stop()
    }
  })

  it('listen again after the connection is killed, clearing the cache, and receive later changes', async () => {
    const secondKeys = keyedLog(second.bus, ['bookmarks'])
    onTestFinished(secondKeys.stop)
    await fill(secondCache())
    // Materialized first: a terminate in the same WHERE could be evaluated before the filters.
    const killed = await db.raw.query<{ terminated: boolean }>(
      `WITH listeners AS MATERIALIZED (
         SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()
       )
       SELECT pg_terminate_backend(pid) AS terminated FROM listeners`,
      [CACHE_LISTENER_NAME],
    )
    expect(killed).toEqual([{ terminated: true }, { terminated: true }])
    // A ceiling for a busy machine: the first retry comes within the backoff's 100 ms.
    await vi.waitFor(() => expect(secondLog).toContain(RECONNECTED), { timeout: 30_000, interval: 10 })
    expect(secondLog[0]).toBe('Listening for cache invalidations failed; reconnecting')
    // Notifications sent while it was down are lost, so the listener cleared the caches on reconnecting.
    expect(secondCache().size).toBe(0)
    expect(secondKeys.told).toEqual(['*'])

    await fill(secondCache())
    const told = nextInvalidation(secondCache())
    await first.bus.publish('catalogue')
    await told
    expect(secondCache().size).toBe(0)
  })
})
