import type { IncomingMessage } from 'node:http'
import type { FastifyInstance } from 'fastify'

import { toLegacyError } from '../rest/envelope.ts'
import { isApiPath } from '../rest/legacy-api-paths.ts'
import type { ErrorPageResponder } from './server-rendering.ts'

/**
 * Where a browser's request for a page at an unreadable address (`/about/%zz`, `/%E0%A4%A`, a
 * mangled shared link) is sent before routing. The router refuses such an address before any hook
 * runs, so its answer would carry neither the page's security headers nor HTML; routed here
 * instead, it gets both, like every other page. Only rewritten requests are answered here.
 */
export const BAD_ADDRESS_PAGE_PATH = '/_bad-address'

/**
 * For Fastify's rewriteUrl: the bad-address page's path for a browser navigation (GET or HEAD that
 * accepts HTML) to a non-API address whose path the router could not decode; null otherwise, and
 * the router then refuses it as before (API paths and other clients keep the JSON 400).
 */
export function badAddressPageUrl(req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>): string | null {
  const url = req.url ?? '/'
  if (!url.includes('%') || (req.method !== 'GET' && req.method !== 'HEAD')) return null
  if (!(req.headers.accept ?? '').includes('text/html')) return null
  const pathname = url.split(/[?#]/, 1)[0] ?? ''
  if (isApiPath(pathname)) return null
  try {
    // What the router does with the path (find-my-way's safeDecodeURI): if this throws, so would it.
    decodeURI(pathname)
    return null
  } catch {
    return BAD_ADDRESS_PAGE_PATH
  }
}

/**
 * The answer to an unreadable page address: the app's error screen with status 400 (through the
 * web app's server build), or the JSON 400 as before when there is no server build. The path asked
 * for directly, not rewritten, is an unknown page like any other.
 */
export function registerBadAddressPage(app: FastifyInstance, respondWithErrorPage: ErrorPageResponder | null): void {
  app.get(BAD_ADDRESS_PAGE_PATH, async (req, reply) => {
    if (req.originalUrl === req.url) return reply.callNotFound()
    if (respondWithErrorPage) return respondWithErrorPage(req, reply, { problem: 'badAddress', status: 400 })
    const { statusCode, body } = toLegacyError({ statusCode: 400 })
    return reply.status(statusCode).send(body)
  })
}
