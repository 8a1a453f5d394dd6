import { noTelemetry, type Telemetry } from '../telemetry/telemetry.ts'
import type { CacheBus } from './cache-bus.ts'
import { KeyedCache } from './keyed-cache.ts'

/**
 * An in-process cache for the signed-out parts of catalogue reads (categories, lists by category,
 * tool detail). Per-user data (isBookmarked, bookmarks) is never stored here: it is overlaid per
 * request from one small set (bookmark-sets.ts).
 *
 * Consistency: the tool write path calls `changed()` after every change, which clears this
 * instance's cache at once and, on PostgreSQL, has every other server instance clear its own within
 * milliseconds (the cache bus: postgres-cache-bus.ts). The TTL stays as the backstop for a broadcast
 * that never arrives (an instance that died between its commit and its NOTIFY): no instance serves a
 * change later than CATALOGUE_TTL_MS.
 */
export const CATALOGUE_TTL_MS = 30_000
/** Categories + one list per category in use + the tools recently opened; bounded against random keys. */
export const CATALOGUE_MAX_ENTRIES = 512

export interface CatalogueCacheOptions {
  ttlMs?: number
  maxEntries?: number
  /** Injected in tests to step over the TTL without waiting. */
  now?: () => number
  /** Told whether each read was a hit (the instance's metrics); nobody by default. */
  telemetry?: Pick<Telemetry, 'catalogueLookup'>
}

export class CatalogueCache {
  // One cache holds every kind of catalogue read: the load, and so the value's type, is the caller's.
  readonly #entries: KeyedCache<unknown>
  readonly #bus: CacheBus
  readonly #telemetry: Pick<Telemetry, 'catalogueLookup'>
  readonly #invalidationListeners = new Set<() => void>()

  /** Subscribed to `bus` for as long as the bus lives: the instance's other caches' changes clear it too. */
  constructor(bus: CacheBus, opts: CatalogueCacheOptions = {}) {
    this.#bus = bus
    this.#telemetry = opts.telemetry ?? noTelemetry
    this.#entries = new KeyedCache<unknown>({
      ttlMs: opts.ttlMs ?? CATALOGUE_TTL_MS,
      maxEntries: opts.maxEntries ?? CATALOGUE_MAX_ENTRIES,
      ...(opts.now && { now: opts.now }),
    })
    bus.subscribe('catalogue', { forget: () => this.invalidate(), forgetAll: () => this.invalidate() })
  }

  /**
   * The cached value for `key`, or the result of `load`, kept for the TTL. Concurrent misses share
   * one load (no stampede when the TTL lapses under load, or on a just-invalidated cache); a failed
   * load is not kept. A read that joins a load already running counts as a hit: it costs no query.
   */
  getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T> {
    let loaded = false
    const value = this.#entries.get(key, () => {
      loaded = true
      return load()
    })
    // The cache calls the load, when it must, before get() returns its promise (lru-cache's fetch
    // starts it synchronously), so this is known here without waiting for the answer.
    this.#telemetry.catalogueLookup(!loaded)
    return value as Promise<T>
  }

  /**
   * The stored value for `key` if it is loaded and fresh, without loading it (the server's fast path).
   * Only a hit is reported: on a miss the caller reads through getOrLoad, which reports that.
   */
  peek<T>(key: string): T | undefined {
    const value = this.#entries.peek(key) as T | undefined
    if (value !== undefined) this.#telemetry.catalogueLookup(true)
    return value
  }

  /**
   * Call after any tool is created, updated or deleted (the admin/tool-builder write path), once the
   * write's transaction has committed: this instance serves the change at once (its cache is cleared
   * before this returns), and every other instance on the same PostgreSQL database within
   * milliseconds. Resolves once the broadcast has been sent and never rejects (a failed broadcast is
   * logged; the TTL then bounds the staleness): awaiting it, a write answers only after the other
   * instances were told; not awaiting it is safe.
   */
  changed(): Promise<void> {
    return this.#bus.publish('catalogue')
  }

  /** Drops every entry of this instance, including loads still in flight, and tells caches built on this one. */
  invalidate(): void {
    this.#entries.clear()
    for (const listener of this.#invalidationListeners) listener()
  }

  /** Runs `listener` on every invalidation (the server's caches of whole public answers and pages). */
  onInvalidate(listener: () => void): () => void {
    this.#invalidationListeners.add(listener)
    return () => this.#invalidationListeners.delete(listener)
  }

  get size(): number {
    return this.#entries.size
  }
}

/** Cache keys, in one place so a reader sees everything that is cached. */
export const catalogueKeys = {
  categories: 'categories',
  category: (canonicalCategory: string) => `category:${canonicalCategory}`,
  tool: (toolId: string) => `tool:${toolId}`,
  /** The dedicated tool of a kind (the oldest, should there be several), recorded with its generations. */
  toolOfKind: (kind: string) => `tool-of-kind:${kind}`,
}
