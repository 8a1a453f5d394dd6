import { LRUCache } from 'lru-cache'

export interface KeyedCacheOptions<V> {
  ttlMs: number
  maxEntries: number
  /** A value the load answered that is not kept (a session that does not exist is asked again). */
  keep?: (value: V) => boolean
  /** Read as a miss, though still within the TTL (a session past its own expiry). */
  isFresh?: (value: V) => boolean
  /** Injected in tests to step over the TTL without waiting. */
  now?: () => number
}

/**
 * A small in-process cache of values loaded per key (a session, a user's bookmark set), with a TTL
 * and explicit invalidation, for data that a request must never see older than its last change.
 *
 * Concurrent misses of one key share one load. An invalidation wins over every load still running
 * when it happens, whichever keys they are for (a load does not know whose session it reads before
 * it answers): their answers still reach the requests that were waiting on them, which were
 * concurrent with the change, but are not kept, and a request that arrives after the invalidation
 * starts a fresh load instead of joining one of them.
 */
export class KeyedCache<V> {
  readonly #entries: LRUCache<string, { value: V }>
  readonly #loading = new Map<string, Promise<V>>()
  readonly #keep: (value: V) => boolean
  readonly #isFresh: (value: V) => boolean
  #epoch = 0

  constructor(opts: KeyedCacheOptions<V>) {
    this.#keep = opts.keep ?? (() => true)
    this.#isFresh = opts.isFresh ?? (() => true)
    this.#entries = new LRUCache<string, { value: V }>({
      max: opts.maxEntries,
      ttl: opts.ttlMs,
      ...(opts.now && { perf: { now: opts.now }, ttlResolution: 0 }),
    })
  }

  /** The kept value for `key`, if there is one and it is fresh; never loads. */
  peek(key: string): V | undefined {
    const entry = this.#entries.get(key)
    if (entry === undefined) return undefined
    if (this.#isFresh(entry.value)) return entry.value
    this.#entries.delete(key)
    return undefined
  }

  /** The kept value for `key`, or `load`'s answer, kept for the TTL unless an invalidation came first. */
  get(key: string, load: () => Promise<V>): Promise<V> {
    const kept = this.peek(key)
    if (kept !== undefined) return Promise.resolve(kept)
    const running = this.#loading.get(key)
    if (running) return running
    const epoch = this.#epoch
    const loading = load()
      .then((value) => {
        if (epoch === this.#epoch && this.#keep(value)) this.#entries.set(key, { value })
        return value
      })
      .finally(() => {
        if (this.#loading.get(key) === loading) this.#loading.delete(key)
      })
    this.#loading.set(key, loading)
    return loading
  }

  delete(key: string): void {
    this.#forgetLoads()
    this.#entries.delete(key)
  }

  /** Drops every kept value `matches` (all of one user's sessions). */
  deleteWhere(matches: (value: V) => boolean): void {
    this.#forgetLoads()
    const doomed = [...this.#entries.entries()].filter(([, entry]) => matches(entry.value))
    for (const [key] of doomed) this.#entries.delete(key)
  }

  clear(): void {
    this.#forgetLoads()
    this.#entries.clear()
  }

  get size(): number {
    return this.#entries.size
  }

  #forgetLoads(): void {
    this.#epoch += 1
    this.#loading.clear()
  }
}
