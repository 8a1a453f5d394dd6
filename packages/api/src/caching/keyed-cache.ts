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

/** Loaded values are boxed: a load may answer null (no such tool), which lru-cache cannot hold bare. */
interface Box<V> {
  value: V
}
type Load<V> = () => Promise<V>

const always = () => true

/**
 * A small in-process cache of values loaded per key (the catalogue's reads, a session, a user's
 * bookmark set), with a TTL and explicit invalidation, for data that a request must never see older
 * than its last change.
 *
 * Concurrent misses of one key share one load (lru-cache's `fetch`, the load passed per call). An
 * invalidation wins over every load still running when it happens, whichever keys they are for (a
 * load does not know whose session it reads before it answers): each is dropped from the cache
 * while in flight, so its answer still reaches the requests that were waiting on it, which were
 * concurrent with the change, but is not kept (lru-cache stores a fetch's answer only while that
 * fetch still holds its slot, and `ignoreFetchAbort` lets it answer its waiters), and a request that
 * arrives after the invalidation starts a fresh load instead of joining one of them. A value `keep`
 * refuses is dropped the same way, by its own load, before it answers.
 */
export class KeyedCache<V> {
  readonly #entries: LRUCache<string, Box<V>, Load<V>>
  /** Keys with a load running, counted: an overtaken load may still run beside its key's fresh one. */
  readonly #loading = new Map<string, number>()
  readonly #isFresh: (value: V) => boolean

  constructor(opts: KeyedCacheOptions<V>) {
    const keep = opts.keep ?? always
    this.#isFresh = opts.isFresh ?? always
    this.#entries = new LRUCache<string, Box<V>, Load<V>>({
      max: opts.maxEntries,
      ttl: opts.ttlMs,
      fetchMethod: async (key, _stale, { signal, context: load }) => {
        this.#loading.set(key, (this.#loading.get(key) ?? 0) + 1)
        try {
          const value = await load()
          // Still this load's slot (not invalidated meanwhile): dropping it keeps the value from being stored.
          if (!signal.aborted && !keep(value)) this.#entries.delete(key)
          return { value }
        } finally {
          const running = (this.#loading.get(key) ?? 1) - 1
          if (running === 0) this.#loading.delete(key)
          else this.#loading.set(key, running)
        }
      },
      ignoreFetchAbort: true,
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
  async get(key: string, load: () => Promise<V>): Promise<V> {
    if (this.#isFresh !== always) this.peek(key)
    const box = await this.#entries.fetch(key, { context: load })
    // The fetch method always answers a box, which an abort does not void (ignoreFetchAbort).
    if (!box) throw new Error(`keyed cache: no value for ${key}`)
    return box.value
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
    this.#entries.clear()
  }

  /** Kept values and loads in flight. */
  get size(): number {
    return this.#entries.size
  }

  #forgetLoads(): void {
    for (const key of [...this.#loading.keys()]) this.#entries.delete(key)
  }
}
