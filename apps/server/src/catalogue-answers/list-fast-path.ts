import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

import { peekBookmarkSet } from '@promptly/api/bookmarks/bookmark-set-cache'
import { NO_BOOKMARKS } from '@promptly/api/tools/bookmark-overlay'
import { peekCategory } from '@promptly/api/tools/by-category.handler'
import { byCategoryInput, type ByCategoryInput } from '@promptly/api/tools/by-category.schema'
import type { Db } from '@promptly/db/client'

import type { IdentityProvider } from '../identity/identity-provider.ts'
import type { SecurityHeaders } from '../plugins/security-header-set.ts'
import { sendReadyBytes } from '../plugins/send-ready-bytes.ts'
import type { LegacyUrls } from '../rest/legacy-tool.ts'
import { listAnswerBytes, type ListDoor } from './list-answer-bytes.ts'

/** As each door's own handler labels its answer. */
const CONTENT_TYPE: Record<ListDoor, string> = {
  trpc: 'application/json',
  trpcBatch: 'application/json',
  rest: 'application/json; charset=utf-8',
}

type HeadersByDoor = Record<ListDoor, Readonly<Record<string, string>>>

/** Each door's headers for everyone's list (`shared`), and for a caller's own (their bookmarks marked). */
interface ListAnswerHeaders {
  shared: HeadersByDoor
  caller: HeadersByDoor
}

/**
 * Made once: these answers go out before the security headers' hook runs, so they carry the same
 * set themselves (security-headers.ts), as every other answer does.
 */
function listAnswerHeaders(security: SecurityHeaders): ListAnswerHeaders {
  return {
    shared: headersByDoor(security),
    // Someone's own bookmarks: for their browser only, never a shared cache.
    caller: headersByDoor({ ...security, 'cache-control': 'private, no-store' }),
  }
}

function headersByDoor(extra: Readonly<Record<string, string>>): HeadersByDoor {
  const headers = (door: ListDoor) => ({
    'content-type': CONTENT_TYPE[door],
    'x-content-type-options': 'nosniff',
    // Not `x-cache`: that names the public response store, which this is not.
    'x-fast-path': 'hit',
    ...extra,
  })
  return { trpc: headers('trpc'), trpcBatch: headers('trpcBatch'), rest: headers('rest') }
}

const TRPC_LIST_PATH = '/trpc/tools.byCategory'
const REST_LIST_PATH = /^\/api\/v[12]\/objects\/getObjectByLabel\/([^/?#]+)$/

export interface ListRequest {
  door: ListDoor
  input: ByCategoryInput
}

/**
 * The catalogue list (`tools.byCategory`, `GET /api/v{1,2}/objects/getObjectByLabel/:category`)
 * answered before any other hook, from what is already cached: the shared list's bytes (serialized
 * once, list-answer-bytes.ts), the caller's session (identity-cache.ts) and bookmark set
 * (bookmark-set-cache.ts). Such an answer costs a hash and a copy of the bytes; through the stack
 * it cost the session and bookmark queries, context, validation and a serialization of every card.
 *
 * It answers exactly what the doors' handlers would, or steps aside: a request in any other form
 * (a batch of several calls, a query string on the REST door, a streaming tRPC client, a
 * cross-origin request, which needs the CORS headers), credentials not verified in the last seconds
 * (an API key, an unknown or expired session, Clerk's, which its own hook reads later), or anything
 * not cached goes through the stack, which fills the caches for the next request. So a cache miss,
 * and any work that touches the database, stays behind the rate limit; like a file or a stored
 * public answer, a cached answer does not count against it. A signed-out tRPC call is the public
 * response cache's (plugins/public-response-cache.ts), registered before this.
 */
export function registerListFastPath(
  app: FastifyInstance,
  {
    db,
    identity,
    securityHeaders,
    urls,
  }: { db: Db; identity: IdentityProvider; securityHeaders: SecurityHeaders; urls: LegacyUrls },
) {
  const headers = listAnswerHeaders(securityHeaders)
  // Callback style, as the public response cache's hook: a hit is sent synchronously and `done` is
  // not called, so nothing after it runs; an async hook cost every list request a promise and its
  // settling on a later tick, a measurable share of a cached answer's whole cost.
  app.addHook('onRequest', (req, reply, done) => {
    if (!sendCachedList(req, reply, { db, identity, urls }, headers)) done()
  })
}

/** Sends the list from the caches and answers true, or answers false for the stack to answer it. */
function sendCachedList(
  req: FastifyRequest,
  reply: FastifyReply,
  { db, identity, urls }: { db: Db; identity: IdentityProvider; urls: LegacyUrls },
  answerHeaders: ListAnswerHeaders,
): boolean {
  if (req.method !== 'GET' || req.headers.origin !== undefined || req.headers['trpc-accept'] !== undefined) return false
  const target = listRequestOf(req.url)
  if (!target) return false
  const caller = identity.knownCaller(req)
  if (caller === undefined || (caller === null && target.door !== 'rest')) return false
  const list = peekCategory({ db }, target.input)
  const bookmarked = caller ? peekBookmarkSet(db, caller.id) : NO_BOOKMARKS
  if (!list || !bookmarked) return false
  const answer = listAnswerBytes(list, target.door, urls)
  const bytes = answer.forCaller(bookmarked)
  const headers = (caller ? answerHeaders.caller : answerHeaders.shared)[target.door]
  // The shared bytes go out compressed once; a caller's own are compressed per request by the plugin.
  const encoded = bytes === answer.bytes ? (answer.encoded() ?? {}) : {}
  sendReadyBytes(reply, req.headers['accept-encoding'], { body: bytes, encoded, headers })
  return true
}

/** The list a URL asks for, when it is in one of the forms the fast path answers; null otherwise. */
export function listRequestOf(url: string): ListRequest | null {
  const isTrpc = url.startsWith(`${TRPC_LIST_PATH}?`)
  if (!isTrpc && !REST_LIST_PATH.test(url)) return null
  // The same few list URLs come again and again: each is read (parsed, validated) once.
  let target = readListUrls.get(url)
  if (target === undefined) {
    target = isTrpc ? trpcListRequest(new URLSearchParams(url.slice(TRPC_LIST_PATH.length))) : restListRequest(url)
    if (readListUrls.size >= MAX_READ_LIST_URLS) readListUrls.clear()
    readListUrls.set(url, target)
  }
  return target
}

/** Every category's URL through each door, and then some; made-up URLs only make it start over. */
const MAX_READ_LIST_URLS = 512
const readListUrls = new Map<string, ListRequest | null>()

function restListRequest(url: string): ListRequest | null {
  const category = REST_LIST_PATH.exec(url)?.[1]
  const input = byCategoryInput.safeParse({ category: category === undefined ? null : decodedOrNull(category) })
  return input.success ? { door: 'rest', input: input.data } : null
}

/** `?input={"json":{...}}`, or `?batch=1&input={"0":{"json":{...}}}`, as tRPC's clients send a query. */
function trpcListRequest(query: URLSearchParams): ListRequest | null {
  const names = [...query.keys()]
  const batch = names.length === 2 && query.get('batch') === '1'
  if (!(names.length === 1 || batch) || !query.has('input')) return null
  const sent = parsedOrNull(query.get('input') ?? '')
  const call = batch ? onlyField(sent, '0') : sent
  const input = byCategoryInput.safeParse(onlyField(call, 'json'))
  return input.success ? { door: batch ? 'trpcBatch' : 'trpc', input: input.data } : null
}

/** `value[name]` when value is an object with that field and no other (no superjson meta, no second call). */
function onlyField(value: unknown, name: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const names = Object.keys(value)
  return names.length === 1 && names[0] === name ? (value as Record<string, unknown>)[name] : undefined
}

function parsedOrNull(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

function decodedOrNull(text: string): string | null {
  try {
    return decodeURIComponent(text)
  } catch {
    return null
  }
}
