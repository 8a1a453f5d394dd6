import { LRUCache } from 'lru-cache'

import type { Db } from '@promptly/db/client'

/**
 * An in-process cache for the signed-out parts of catalogue reads (categories, lists by category,
 * tool detail). Per-user data (isBookmarked, bookmarks) is never stored here: it is overlaid per
 * request from one small query.
 *
 * Consistency: the tool write path calls `invalidateCatalogue(db)` after every change, which clears
 * this process's cache at once. Other server instances (each has its own cache) see the change when
 * their entries expire, i.e. within CATALOGUE_TTL_MS. That staleness window is the price of serving
 * the catalogue without a database round trip; a shared cache or a LISTEN/NOTIFY broadcast would
 * close it if it ever matters.
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
 * Call after any tool is created, updated or deleted (the admin/tool-builder write path), so this
 * instance serves the change at once. Other instances follow within CATALOGUE_TTL_MS.
 */
export function invalidateCatalogue(db: Db): void {
  catalogueCacheFor(db).invalidate()
}

/** Cache keys, in one place so a reader sees everything that is cached. */
export const catalogueKeys = {
  categories: 'categories',
  category: (canonicalCategory: string) => `category:${canonicalCategory}`,
  tool: (toolId: string) => `tool:${toolId}`,
  /** The dedicated tool of a kind (the oldest, should there be several), recorded with its generations. */
  toolOfKind: (kind: string) => `tool-of-kind:${kind}`,
}
