import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

import type { CatalogueCache } from '@promptly/api/caching/catalogue-cache'

import { encodeOnce } from '../plugins/compression.ts'
import { cacheKeyOf, PublicUrls } from '../plugins/public-cache-key.ts'
import type { SecurityHeaders } from '../plugins/security-header-set.ts'
import { sendReadyBytes } from '../plugins/send-ready-bytes.ts'
import { ResponseStore, type StoredResponse } from './response-store.ts'

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

export interface PublicResponseCacheOptions {
  securityHeaders?: SecurityHeaders
  prefix?: string
}

/**
 * The hooks are written for the hit, which is most requests to these URLs: a hit is found and sent
 * synchronously, in a callback-style hook that does not call `done` (nothing after it runs, as
 * before), so it costs no promise and no wait for the response's end; every other request pays one
 * map lookup. Only a miss does more: it waits on the shared answer or runs the handler.
 */
export function registerPublicResponseCache(
  app: FastifyInstance,
  catalogue: Pick<CatalogueCache, 'onInvalidate'>,
  { securityHeaders = {}, prefix = '/trpc' }: PublicResponseCacheOptions = {},
): void {
  const answers = new PublicAnswers(securityHeaders)
  const stopListening = catalogue.onInvalidate(() => answers.store.clear())
  app.addHook('onClose', async () => {
    stopListening()
  })
  const urls = new PublicUrls(prefix)

  app.addHook('onRequest', (req, reply, done) => {
    const key = cacheKeyOf(req, prefix, urls)
    if (!key) return done()
    const hit = answers.store.get(key)
    // Sent: `done` is not called, so no later hook nor the handler runs for this request.
    if (hit) return answers.sendHit(req, reply, hit)
    answers.answerOrRun(req, reply, key).then(
      (sent) => {
        if (!sent) done()
      },
      () => done(),
    )
  })

  app.addHook('onSend', (req, reply, payload, done) => {
    answers.settleMiss(req, reply, payload)
    done()
  })
}

/** The stored answers of one app, and the misses whose requests are producing one. */
class PublicAnswers {
  readonly store = new ResponseStore<StoredAnswer>()
  readonly #misses = new WeakMap<FastifyRequest, Miss>()
  readonly #securityHeaders: SecurityHeaders

  constructor(securityHeaders: SecurityHeaders) {
    this.#securityHeaders = securityHeaders
  }

  sendHit(req: FastifyRequest, reply: FastifyReply, hit: StoredAnswer): void {
    sendReadyBytes(reply, req.headers['accept-encoding'], {
      body: hit.body,
      encoded: hit.encoded ?? {},
      headers: hit.headers,
    })
  }

  /** Sends the stored or shared answer and answers true, or false when this request is to run the handler. */
  async answerOrRun(req: FastifyRequest, reply: FastifyReply, key: string): Promise<boolean> {
    // A request that waited on another's answer and got none (an error, or a change came in between)
    // asks once more, as the one to run the handler if nobody else is by then.
    for (let attempt = 0; attempt < 2; attempt++) {
      // Taken before the handler reads the catalogue: an invalidation from here on voids this answer.
      const generation = this.store.generation
      let miss: Miss | undefined
      const answer = this.store.fetch(
        key,
        () => new Promise((resolve) => (miss = { key, generation, settle: resolve })),
      )
      if (miss) {
        // This request runs the handler; its onSend (or the response's close) settles the others.
        this.#misses.set(req, miss)
        answer.catch(() => undefined)
        this.#settleOnClose(req, reply)
        return false
      }
      const hit = await answer.catch(() => undefined)
      if (hit) {
        this.sendHit(req, reply, hit)
        return true
      }
    }
    return false
  }

  /** The answer of a request that ran the handler, handed to those waiting on it (when it may be kept). */
  settleMiss(req: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const miss = this.#misses.get(req)
    if (!miss) return
    this.#misses.delete(req)
    if (reply.statusCode !== 200 || !(payload instanceof Response)) return miss.settle(undefined)
    // tRPC answers with a fetch Response: read a copy, send the original untouched.
    void payload
      .clone()
      .arrayBuffer()
      .then(async (bytes) => {
        const contentType = payload.headers.get('content-type') ?? 'application/json'
        const body = Buffer.from(bytes)
        // Not for a body too large to keep: it would be compressed again on every request.
        const encoded = body.byteLength <= this.store.maxBodyBytes ? await encodeOnce(body) : {}
        const current = miss.generation === this.store.generation
        miss.settle(current ? { body, contentType, encoded, headers: this.#hitHeaders(contentType) } : undefined)
      })
      .catch(() => miss.settle(undefined))
  }

  /** A hit is sent before the security headers' hook runs: it carries the same set itself. */
  #hitHeaders(contentType: string): Record<string, string> {
    return {
      ...this.#securityHeaders,
      'content-type': contentType,
      'x-content-type-options': 'nosniff',
      'x-cache': 'hit',
    }
  }

  // A request that never reached onSend (aborted, failed in a hook) must not leave others waiting.
  // Listened to on a miss only: a global onResponse or onRequestAbort hook costs every request.
  #settleOnClose(req: FastifyRequest, reply: FastifyReply): void {
    reply.raw.once('close', () => {
      this.#misses.get(req)?.settle(undefined)
      this.#misses.delete(req)
    })
  }
}
