import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { openDatabase, type Database } from '@promptly/db/client'
import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import {
  catalogueCacheFor,
  invalidateCatalogue,
  type CatalogueCache,
  type CatalogueInvalidations,
} from './catalogue-cache.ts'
import {
  CATALOGUE_LISTENER_NAME,
  inProcessCatalogueInvalidations,
  postgresCatalogueInvalidations,
} from './invalidation-channel.ts'

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

  it('listen again after the connection is killed, clearing the cache, and receive later changes', async () => {
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
    // Notifications sent while it was down are lost, so the listener cleared the cache on reconnecting.
    expect(secondCache().size).toBe(0)

    await fill(secondCache())
    const told = nextInvalidation(secondCache())
    await first.publish()
    await told
    expect(secondCache().size).toBe(0)
  })
})
