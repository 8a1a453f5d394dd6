import { LRUCache } from 'lru-cache'

import { CATALOGUE_TTL_MS } from '@promptly/api/caching/catalogue-cache'

import type { EncodedBodies } from '../plugins/compression.ts'

/** The largest body kept: a larger answer is sent as it is and produced again next time. */
export const RESPONSE_MAX_BODY_BYTES = 2 * 1024 * 1024
/** Hundreds of all-tools lists; the count bound alone would allow 1024 two-megabyte bodies. */
export const RESPONSE_STORE_MAX_BYTES = 32 * 1024 * 1024
/** Public answers (and pages) kept at once, whatever their size. */
export const RESPONSE_STORE_MAX_ENTRIES = 1024

export interface StoredResponse {
  body: Buffer
  contentType: string
  /** The body compressed once when stored, so a hit is never compressed again per request. */
  encoded?: EncodedBodies
}

type Entry<T extends StoredResponse> = T & { bytes: number }

/** A miss's way to the answer: the request that runs the handler settles it, once its body is read. */
type Produce<T extends StoredResponse> = () => Promise<T | undefined>

export interface ResponseStoreOptions {
  ttlMs?: number
  maxEntries?: number
  maxTotalBytes?: number
  maxBodyBytes?: number
  /** Injected in tests to step over the TTL without waiting. */
  now?: () => number
}

/**
 * Finished responses by URL, least recently used first out, bounded by entry count and total bytes.
 *
 * `generation` changes on every `clear()`. A response is read before it is stored (the store happens
 * after the body has been copied), so a writer passes the generation it saw when its request began
 * and the store refuses it when an invalidation came in between: that answer may predate the change.
 */
export class ResponseStore<T extends StoredResponse = StoredResponse> {
  readonly #entries: LRUCache<string, Entry<T>, Produce<T>>
  readonly #maxBodyBytes: number
  #generation = 0

  constructor(opts: ResponseStoreOptions = {}) {
    this.#maxBodyBytes = opts.maxBodyBytes ?? RESPONSE_MAX_BODY_BYTES
    this.#entries = new LRUCache<string, Entry<T>, Produce<T>>({
      max: opts.maxEntries ?? RESPONSE_STORE_MAX_ENTRIES,
      maxSize: opts.maxTotalBytes ?? RESPONSE_STORE_MAX_BYTES,
      sizeCalculation: (entry) => entry.bytes,
      ttl: opts.ttlMs ?? CATALOGUE_TTL_MS,
      fetchMethod: async (_key, _stale, { context }) => {
        const response = await context()
        return response && this.#entry(_key, response)
      },
      // An answer a clear() overtook still reaches the requests waiting on it, which check the
      // generation themselves; it is never kept.
      ignoreFetchAbort: true,
      ...(opts.now && { perf: { now: opts.now }, ttlResolution: 0 }),
    })
  }

  get generation(): number {
    return this.#generation
  }

  get size(): number {
    return this.#entries.size
  }

  get totalBytes(): number {
    return this.#entries.calculatedSize
  }

  get maxBodyBytes(): number {
    return this.#maxBodyBytes
  }

  get(key: string): T | undefined {
    return this.#entries.get(key)
  }

  /** Stores `response` unless it is too large or the store was cleared since `generation`. */
  set(key: string, response: T, generation: number): boolean {
    if (generation !== this.#generation) return false
    const entry = this.#entry(key, response)
    if (!entry) return false
    this.#entries.set(key, entry)
    return true
  }

  /**
   * The stored answer for `key`, or the one `produce` gives, kept for the TTL. Concurrent misses of
   * one key share one `produce` (one request runs the handler, the others wait for its bytes), so a
   * lapsing TTL under load costs one handler run, not one per waiting request. `produce` answers
   * undefined for an answer not to be kept (not a 200, read before a clear()).
   */
  fetch(key: string, produce: Produce<T>): Promise<T | undefined> {
    return this.#entries.fetch(key, { context: produce })
  }

  clear(): void {
    this.#generation += 1
    this.#entries.clear()
  }

  #entry(key: string, response: T): Entry<T> | undefined {
    const encodedBytes = Object.values(response.encoded ?? {}).reduce((sum, body) => sum + body.byteLength, 0)
    const bytes = response.body.byteLength + encodedBytes + Buffer.byteLength(key)
    if (response.body.byteLength > this.#maxBodyBytes || bytes > this.#entries.maxSize) return undefined
    return { ...response, bytes }
  }
}
