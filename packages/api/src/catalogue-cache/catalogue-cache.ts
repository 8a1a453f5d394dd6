import { LRUCache } from 'lru-cache'

import type { Db } from '@promptly/db/client'

import { forgetKeyLocally, type CacheTopic } from '../keyed-cache/keyed-invalidations.ts'

/**
 * An in-process cache for the signed-out parts of catalogue reads (categories, lists by category,
 * tool detail). Per-user data (isBookmarked, bookmarks) is never stored here: it is overlaid per
 * request from one small query.
 *
 * Consistency: the tool write path calls `invalidateCatalogue(db)` after every change, which clears
 * this process's cache at once and, on PostgreSQL, has every other server instance clear its own
 * within milliseconds (a LISTEN/NOTIFY broadcast, invalidation-channel.ts). The TTL stays as the
 * backstop for a broadcast that never arrives (an instance that died between its commit and its
 * NOTIFY): no instance serves a change later than CATALOGUE_TTL_MS.
 */
export const CATALOGUE_TTL_MS = 30_000
/** Categories + one list per category in use + the tools recently opened; bounded against random keys. */
export const CATALOGUE_MAX_ENTRIES = 512

/** Loaded values are boxed: a loader may answer null (no tool of that kind), which the cache cannot hold bare. */
interface Box {
  value: unknown
}
type Load = () => Promise<unknown>

export interface CatalogueCacheOptions {
  ttlMs?: number
  maxEntries?: number
  /** Injected in tests to step over the TTL without waiting. */
  now?: () => number
}

export class CatalogueCache {
  readonly #entries: LRUCache<string, Box, Load>
  readonly #invalidationListeners = new Set<() => void>()

  constructor(opts: CatalogueCacheOptions = {}) {
    this.#entries = new LRUCache<string, Box, Load>({
      max: opts.maxEntries ?? CATALOGUE_MAX_ENTRIES,
      ttl: opts.ttlMs ?? CATALOGUE_TTL_MS,
      // The load is the caller's, passed per fetch: one cache holds every kind of catalogue read.
      fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
      // A load that an invalidation overtook still answers the callers waiting on it, but is not kept.
      ignoreFetchAbort: true,
      ...(opts.now && { perf: { now: opts.now }, ttlResolution: 0 }),
    })
  }

  /**
   * The cached value for `key`, or the result of `load`, kept for the TTL. Concurrent misses share
   * one load (no stampede when the TTL lapses under load, or on a just-invalidated cache); a failed
   * load is not kept.
   */
  async getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T> {
    const box = await this.#entries.fetch(key, { context: load })
    // fetchMethod always answers a box; undefined would only come from a cancelled fetch.
    if (!box) throw new Error(`catalogue cache: no value for ${key}`)
    return box.value as T
  }

  /** The stored value for `key` if it is loaded and fresh, without loading it (the server's fast path). */
  peek<T>(key: string): T | undefined {
    return this.#entries.get(key)?.value as T | undefined
  }

  /** Drops every entry, including loads still in flight, and tells caches built on this one. */
  invalidate(): void {
    this.#entries.clear()
    for (const listener of this.#invalidationListeners) listener()
  }

  /** Runs `listener` on every invalidation (e.g. the server's cache of whole public responses). */
  onInvalidate(listener: () => void): () => void {
    this.#invalidationListeners.add(listener)
    return () => this.#invalidationListeners.delete(listener)
  }

  get size(): number {
    return this.#entries.size
  }
}

// One cache per database handle: tests (and a process holding two databases) never see another
// database's catalogue, and the cache goes away with its client.
const cacheByDatabase = new WeakMap<Db, CatalogueCache>()

export function catalogueCacheFor(db: Db): CatalogueCache {
  let cache = cacheByDatabase.get(db)
  if (!cache) {
    cache = new CatalogueCache()
    cacheByDatabase.set(db, cache)
  }
  return cache
}

/**
 * How a catalogue change travels from the instance that made it to the others (invalidation-channel.ts):
 * chosen once per database by the composition root; in-process when none is chosen.
 */
export interface CatalogueInvalidations {
  /** PostgreSQL LISTEN/NOTIFY between instances, or this process alone (PGlite). */
  readonly kind: 'postgres' | 'in-process'
  /** Clears this instance's cache at once, then tells the other instances. Never rejects. */
  publish(): Promise<void>
  /**
   * Clears one key of a per-key cache (keyed-cache/keyed-invalidations.ts) in this instance at once,
   * then in the others. Never rejects.
   */
  publishKey(topic: CacheTopic, key: string): Promise<void>
  /** Stops listening for other instances' changes and detaches from the database it was made for. */
  close(): Promise<void>
}

const invalidationsByDatabase = new WeakMap<Db, CatalogueInvalidations>()

/** Makes `invalidateCatalogue(db)` go through `invalidations`, until the returned function is called. */
export function attachCatalogueInvalidations(db: Db, invalidations: CatalogueInvalidations): () => void {
  invalidationsByDatabase.set(db, invalidations)
  return () => {
    if (invalidationsByDatabase.get(db) === invalidations) invalidationsByDatabase.delete(db)
  }
}

/**
 * Call after any tool is created, updated or deleted (the admin/tool-builder write path), once the
 * write's transaction has committed: this instance serves the change at once (the local cache is
 * cleared before this returns), and every other instance on the same PostgreSQL database within
 * milliseconds. The promise resolves once the broadcast has been sent and never rejects (a failed
 * broadcast is logged; the TTL then bounds the staleness): awaiting it, a write answers only after
 * the other instances were told; not awaiting it is safe.
 */
export function invalidateCatalogue(db: Db): Promise<void> {
  const invalidations = invalidationsByDatabase.get(db)
  if (invalidations) return invalidations.publish()
  catalogueCacheFor(db).invalidate()
  return Promise.resolve()
}

/**
 * Call after a change to what a per-key cache holds (a session ended, a bookmark set changed) has
 * committed: this instance's caches forget `key` before this returns, the other instances' within
 * milliseconds. Never rejects; a lost broadcast is bounded by the cache's TTL, as for the catalogue.
 */
export function invalidateKey(db: Db, topic: CacheTopic, key: string): Promise<void> {
  const invalidations = invalidationsByDatabase.get(db)
  if (invalidations) return invalidations.publishKey(topic, key)
  forgetKeyLocally(db, topic, key)
  return Promise.resolve()
}

/** Cache keys, in one place so a reader sees everything that is cached. */
export const catalogueKeys = {
  categories: 'categories',
  category: (canonicalCategory: string) => `category:${canonicalCategory}`,
  tool: (toolId: string) => `tool:${toolId}`,
  /** The dedicated tool of a kind (the oldest, should there be several), recorded with its generations. */
  toolOfKind: (kind: string) => `tool-of-kind:${kind}`,
}
