import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'

import { openDatabase, type Database } from '@promptly/db/client'
import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import { listenForKeyInvalidations, type CacheTopic } from '../keyed-cache/keyed-invalidations.ts'
import {
  catalogueCacheFor,
  invalidateCatalogue,
  invalidateKey,
  type CatalogueCache,
  type CatalogueInvalidations,
} from './catalogue-cache.ts'
import {
  CATALOGUE_LISTENER_NAME,
  inProcessCatalogueInvalidations,
  notifyKeyInTransaction,
  postgresCatalogueInvalidations,
} from './invalidation-channel.ts'

/** What a keyed cache on `db` was told: each forgotten key as `topic:key`, and `*` for "everything". */
function keyedLog(db: Database['prisma'], topics: readonly CacheTopic[] = ['session', 'user', 'bookmarks']) {
  const told: string[] = []
  const stops = topics.map((topic) =>
    listenForKeyInvalidations(db, topic, {
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

describe('in-process catalogue invalidations', () => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase()
  })
  afterAll(() => db?.close())

  it('clear the cache, and the caches built on it, when invalidateCatalogue is called', async () => {
    const invalidations = inProcessCatalogueInvalidations(db.prisma)
    try {
      expect(invalidations.kind).toBe('in-process')
      const cache = catalogueCacheFor(db.prisma)
      await fill(cache)
      const told = nextInvalidation(cache)
      // Cleared before invalidateCatalogue returns: the writer's own next read sees its write.
      const sent = invalidateCatalogue(db.prisma)
      expect(cache.size).toBe(0)
      await sent
      await told
    } finally {
      await invalidations.close()
    }
  })

  it('clear a key of a keyed cache on this database only, when invalidateKey is called', async () => {
    const invalidations = inProcessCatalogueInvalidations(db.prisma)
    const other = await createTestDatabase()
    const here = keyedLog(db.prisma)
    const there = keyedLog(other.prisma)
    try {
      await invalidateKey(db.prisma, 'bookmarks', 'user-1')
      expect(here.told).toEqual(['bookmarks:user-1'])
      expect(there.told).toEqual([])
      // The catalogue is not cleared by a keyed invalidation.
      await fill(catalogueCacheFor(db.prisma))
      await invalidateKey(db.prisma, 'session', 'hash-1')
      expect(catalogueCacheFor(db.prisma).size).toBe(1)
    } finally {
      here.stop()
      there.stop()
      await invalidations.close()
      await other.close()
    }
  })

  it('leave invalidateCatalogue clearing this process once closed', async () => {
    await inProcessCatalogueInvalidations(db.prisma).close()
    const cache = catalogueCacheFor(db.prisma)
    await fill(cache)
    await invalidateCatalogue(db.prisma)
    expect(cache.size).toBe(0)
  })
})

// Two instances are two database handles (each with its own cache) on one PostgreSQL database; on
// PGlite, which one process holds, there is nobody to broadcast to.
describe.runIf(process.env.TEST_DB === 'postgres')('PostgreSQL catalogue invalidations', () => {
  let db: TestDatabase
  let other: Database
  let first: CatalogueInvalidations
  let second: CatalogueInvalidations
  const secondLog: string[] = []
  const ignore = () => undefined
  const RECONNECTED = 'Listening for catalogue changes again; the catalogue cache was cleared'

  beforeAll(async () => {
    db = await createTestDatabase()
    other = await openDatabase({ url: db.url! })
    first = await postgresCatalogueInvalidations(db.prisma, { url: db.url!, log: { info: ignore, warn: ignore } })
    second = await postgresCatalogueInvalidations(other.prisma, {
      url: db.url!,
      log: {
        info: (_details, message) => secondLog.push(message),
        warn: (_details, message) => secondLog.push(message),
      },
    })
  })
  afterAll(async () => {
    await first?.close()
    await second?.close()
    await other?.close()
    await db?.close()
  })

  const firstCache = () => catalogueCacheFor(db.prisma)
  const secondCache = () => catalogueCacheFor(other.prisma)

  it('clear the other instance’s cache when one publishes a change', async () => {
    expect([first.kind, second.kind]).toEqual(['postgres', 'postgres'])
    await fill(secondCache())
    const told = nextInvalidation(secondCache())
    await invalidateCatalogue(db.prisma)
    await told
    expect(secondCache().size).toBe(0)
  })

  it('skip the sender’s own notification: it cleared its cache before sending', async () => {
    let firstInvalidations = 0
    const stop = firstCache().onInvalidate(() => (firstInvalidations += 1))
    try {
      const secondTold = nextInvalidation(secondCache())
      await first.publish()
      expect(firstInvalidations).toBe(1)
      await secondTold
      // PostgreSQL delivers notifications in the order their transactions committed: the first
      // instance's own notification, had it counted, would have arrived before this one.
      const firstTold = nextInvalidation(firstCache())
      await second.publish()
      await firstTold
      expect(firstInvalidations).toBe(2)
    } finally {
      stop()
    }
  })

  it('clear a keyed cache’s key on every instance, the sender’s at once', async () => {
    const firstLog = keyedLog(db.prisma)
    const secondLog = keyedLog(other.prisma)
    try {
      const sent = invalidateKey(db.prisma, 'user', 'user-2')
      // Cleared before invalidateKey returns: the writer's own next request sees its change.
      expect(firstLog.told).toEqual(['user:user-2'])
      await sent
      await vi.waitFor(() => expect(secondLog.told).toEqual(['user:user-2']), { timeout: 30_000, interval: 10 })
      // The catalogue caches were not cleared.
      await fill(secondCache())
      await invalidateKey(db.prisma, 'bookmarks', 'user-3')
      await vi.waitFor(() => expect(secondLog.told).toContain('bookmarks:user-3'), { timeout: 30_000, interval: 10 })
      expect(secondCache().size).toBe(1)
    } finally {
      firstLog.stop()
      secondLog.stop()
    }
  })

  it('deliver a keyed invalidation sent in a transaction at commit, to every instance, never on rollback', async () => {
    const firstLog = keyedLog(db.prisma)
    const secondLog = keyedLog(other.prisma)
    try {
      await expect(
        db.prisma.$transaction(async (tx) => {
          await notifyKeyInTransaction(tx, 'user', 'rolled-back')
          throw new Error('rolled back')
        }),
      ).rejects.toThrow('rolled back')
      let committed = false
      await db.prisma.$transaction(async (tx) => {
        await notifyKeyInTransaction(tx, 'user', 'committed')
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
    const secondKeys = keyedLog(other.prisma, ['bookmarks'])
    onTestFinished(secondKeys.stop)
    await fill(secondCache())
    // Materialized first: a terminate in the same WHERE could be evaluated before the filters.
    const killed = await db.raw.query<{ terminated: boolean }>(
      `WITH listeners AS MATERIALIZED (
         SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()
       )
       SELECT pg_terminate_backend(pid) AS terminated FROM listeners`,
      [CATALOGUE_LISTENER_NAME],
    )
    expect(killed).toEqual([{ terminated: true }, { terminated: true }])
    // A ceiling for a busy machine: the first retry comes within the backoff's 100 ms.
    await vi.waitFor(() => expect(secondLog).toContain(RECONNECTED), { timeout: 30_000, interval: 10 })
    expect(secondLog[0]).toBe('Listening for catalogue changes failed; reconnecting')
    // Notifications sent while it was down are lost, so the listener cleared the caches on reconnecting.
    expect(secondCache().size).toBe(0)
    expect(secondKeys.told).toEqual(['*'])

    await fill(secondCache())
    const told = nextInvalidation(secondCache())
    await first.publish()
    await told
    expect(secondCache().size).toBe(0)
  })
})
