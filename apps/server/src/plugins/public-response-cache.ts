import { CATALOGUE_TTL_MS, catalogueCacheFor } from '@promptly/api/catalogue-cache/catalogue-cache'
import type { Db } from '@promptly/db/client'
import type { FastifyInstance, FastifyRequest } from 'fastify'

/**
 * Whole-response cache for the catalogue's public tRPC queries, as a CDN would keep them.
 *
 * A signed-out catalogue answer is the same bytes for everyone, yet producing it through tRPC costs
 * input parsing, output validation and superjson over hundreds of tools on every request. This keeps
 * the finished bytes per URL for the catalogue cache's TTL and drops them whenever the catalogue is
 * invalidated, so a tool change is served at once on this instance. Requests carrying credentials
 * are never served from or stored in it: their answers hold per-user data (isBookmarked).
 */
export const PUBLIC_CATALOGUE_PROCEDURES = new Set(['tools.categories', 'tools.byCategory', 'tools.search', 'tools.get'])
const CREDENTIAL_COOKIES = /(?:^|;\s*)(?:promptly_session|__session)=/
const MAX_ENTRIES = 1024
const MAX_BODY_BYTES = 2 * 1024 * 1024

interface CachedResponse {
  body: Buffer
  contentType: string
  expiresAt: number
}

export function registerPublicResponseCache(app: FastifyInstance, db: Db, prefix = '/trpc'): void {
  const entries = new Map<string, CachedResponse>()
  catalogueCacheFor(db).onInvalidate(() => entries.clear())
  const missKeys = new WeakMap<FastifyRequest, string>()

  app.addHook('onRequest', async (req, reply) => {
    const key = cacheKeyOf(req, prefix)
    if (!key) return
    const hit = entries.get(key)
    if (hit && hit.expiresAt > Date.now()) {
      return reply
        .header('content-type', hit.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('x-cache', 'hit')
        .send(hit.body)
    }
    missKeys.set(req, key)
  })

  app.addHook('onSend', async (req, reply, payload) => {
    const key = missKeys.get(req)
    if (!key || reply.statusCode !== 200 || !(payload instanceof Response)) return payload
    // tRPC answers with a fetch Response: read a copy, send the original untouched.
    void payload
      .clone()
      .arrayBuffer()
      .then((bytes) => {
        if (bytes.byteLength > MAX_BODY_BYTES) return
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value ?? '')
        entries.set(key, {
          body: Buffer.from(bytes),
          contentType: payload.headers.get('content-type') ?? 'application/json',
          expiresAt: Date.now() + CATALOGUE_TTL_MS,
        })
      })
      .catch(() => undefined)
    return payload
  })
}

/** The URL when every procedure it calls is a public catalogue query and it carries no credentials. */
export function cacheKeyOf(req: Pick<FastifyRequest, 'method' | 'url' | 'headers'>, prefix: string): string | null {
  if (req.method !== 'GET' || req.headers.authorization) return null
  if (CREDENTIAL_COOKIES.test(req.headers.cookie ?? '')) return null
  if (!req.url.startsWith(`${prefix}/`)) return null
  const path = req.url.slice(prefix.length + 1).split('?')[0] ?? ''
  const procedures = decodeURIComponent(path).split(',')
  return procedures.every((name) => PUBLIC_CATALOGUE_PROCEDURES.has(name)) ? req.url : null
}
