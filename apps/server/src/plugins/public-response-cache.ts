import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'

import { CATALOGUE_TTL_MS, catalogueCacheFor } from '@promptly/api/catalogue-cache/catalogue-cache'
import type { Db } from '@promptly/db/client'

import { encodeOnce, type EncodedBodies } from './compression.ts'
import { cacheKeyOf, PublicUrls } from './public-cache-key.ts'
import type { SecurityHeaders } from './security-header-set.ts'
import { sendReadyBytes } from './send-ready-bytes.ts'

/**
 * Whole-response cache for the catalogue's public tRPC queries, as a CDN would keep them.
 *
 * A signed-out catalogue answer is the same bytes for everyone, yet producing it through tRPC costs
 * input parsing, output validation and superjson over hundreds of tools on every request. This keeps
 * the finished bytes per URL for the catalogue cache's TTL and drops them whenever the catalogue is
 * invalidated, so a tool change is served at once on this instance.
 *
 * A signed-in answer holds per-user data (isBookmarked) and must never reach anyone else, so the
 * rule fails safe: a request carrying anything that might identify a caller is neither served from
 * nor stored in the cache, whether or not it would actually authenticate.
 */

const MAX_BODY_BYTES = 2 * 1024 * 1024
/** Hundreds of all-tools lists; the count bound alone would allow 1024 two-megabyte bodies. */
const MAX_TOTAL_BYTES = 32 * 1024 * 1024
const MAX_ENTRIES = 1024

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
    this.#maxBodyBytes = opts.maxBodyBytes ?? MAX_BODY_BYTES
    this.#entries = new LRUCache<string, Entry<T>, Produce<T>>({
      max: opts.maxEntries ?? MAX_ENTRIES,
      maxSize: opts.maxTotalBytes ?? MAX_TOTAL_BYTES,
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

/** A stored public answer, with the headers every hit of it is sent with. */
interface StoredAnswer extends StoredResponse {
  headers: Readonly<Record<string, string>>
}

/** How a miss that runs the handler hands its answer to the requests waiting on the same key. */
interface Miss {
  key: string
  generation: number
  settle(response: StoredAnswer | undefined): void
}

/**
 * The hooks are written for the hit, which is most requests to these URLs: a hit is found and sent
 * synchronously, in a callback-style hook that does not call `done` (nothing after it runs, as
 * before), so it costs no promise and no wait for the response's end; every other request pays one
 * map lookup. Only a miss does more: it waits on the shared answer or runs the handler.
 */
export function registerPublicResponseCache(
  app: FastifyInstance,
  db: Db,
  { securityHeaders = {}, prefix = '/trpc' }: { securityHeaders?: SecurityHeaders; prefix?: string } = {},
): void {
  const store = new ResponseStore<StoredAnswer>()
  const stopListening = catalogueCacheFor(db).onInvalidate(() => store.clear())
  app.addHook('onClose', async () => {
    stopListening()
  })
  const misses = new WeakMap<FastifyRequest, Miss>()
  const urls = new PublicUrls(prefix)

  // A hit is sent before the security headers' hook runs: it carries the same set itself.
  const hitHeaders = (contentType: string) => ({
    ...securityHeaders,
    'content-type': contentType,
    'x-content-type-options': 'nosniff',
    'x-cache': 'hit',
  })

  const sendHit = (req: FastifyRequest, reply: FastifyReply, hit: StoredAnswer) =>
    sendReadyBytes(reply, req.headers['accept-encoding'], {
      body: hit.body,
      encoded: hit.encoded ?? {},
      headers: hit.headers,
    })

  /** Sends the stored or shared answer and answers true, or false when this request is to run the handler. */
  const answerOrRun = async (req: FastifyRequest, reply: FastifyReply, key: string): Promise<boolean> => {
    // A request that waited on another's answer and got none (an error, or a change came in between)
    // asks once more, as the one to run the handler if nobody else is by then.
    for (let attempt = 0; attempt < 2; attempt++) {
      // Taken before the handler reads the catalogue: an invalidation from here on voids this answer.
      const generation = store.generation
      let miss: Miss | undefined
      const answer = store.fetch(key, () => new Promise((resolve) => (miss = { key, generation, settle: resolve })))
      if (miss) {
        // This request runs the handler; its onSend (or the response's close) settles the others.
        misses.set(req, miss)
        answer.catch(() => undefined)
        settleOnClose(req, reply)
        return false
      }
      const hit = await answer.catch(() => undefined)
      if (hit) {
        sendHit(req, reply, hit)
        return true
      }
    }
    return false
  }

  // A request that never reached onSend (aborted, failed in a hook) must not leave others waiting.
  // Listened to on a miss only: a global onResponse or onRequestAbort hook costs every request.
  const settleOnClose = (req: FastifyRequest, reply: FastifyReply) => {
    reply.raw.once('close', () => {
      misses.get(req)?.settle(undefined)
      misses.delete(req)
    })
  }

  app.addHook('onRequest', (req, reply, done) => {
    const key = cacheKeyOf(req, prefix, urls)
    if (!key) return done()
    const hit = store.get(key)
    // Sent: `done` is not called, so no later hook nor the handler runs for this request.
    if (hit) return sendHit(req, reply, hit)
    answerOrRun(req, reply, key).then(
      (sent) => {
        if (!sent) done()
      },
      () => done(),
    )
  })

  app.addHook('onSend', (req, reply, payload, done) => {
    const miss = misses.get(req)
    if (!miss) return done()
    misses.delete(req)
    if (reply.statusCode !== 200 || !(payload instanceof Response)) {
      miss.settle(undefined)
      return done()
    }
    // tRPC answers with a fetch Response: read a copy, send the original untouched.
    void payload
      .clone()
      .arrayBuffer()
      .then(async (bytes) => {
        const contentType = payload.headers.get('content-type') ?? 'application/json'
        const body = Buffer.from(bytes)
        // Not for a body too large to keep: it would be compressed again on every request.
        const encoded = body.byteLength <= store.maxBodyBytes ? await encodeOnce(body) : {}
        const current = miss.generation === store.generation
        miss.settle(current ? { body, contentType, encoded, headers: hitHeaders(contentType) } : undefined)
      })
      .catch(() => miss.settle(undefined))
    done()
  })
}
