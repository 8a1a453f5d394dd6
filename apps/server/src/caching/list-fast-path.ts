import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

import type { Caches } from '@promptly/api/caching/caches'
import { NO_BOOKMARKS } from '@promptly/api/tools/bookmark-overlay'
import { peekCategory } from '@promptly/api/tools/by-category.handler'
import { byCategoryInput, type ByCategoryInput } from '@promptly/api/tools/by-category.schema'

import type { IdentityProvider } from '../identity/identity-provider.ts'
import type { SecurityHeaders } from '../plugins/security-header-set.ts'
import { sendReadyBytes } from '../plugins/send-ready-bytes.ts'
import type { LegacyUrls } from '../rest/legacy-tool.ts'
import type { ListDoor } from './list-answer-bytes.ts'
import type { ListAnswers } from './list-answers.ts'

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

export interface ListFastPathDeps {
  /** The instance's data caches: the shared lists and the callers' bookmark sets are read from them. */
  caches: Pick<Caches, 'catalogue' | 'bookmarkSets'>
  identity: IdentityProvider
  securityHeaders: SecurityHeaders
  urls: LegacyUrls
  /** The answers' bytes, shared with the REST door's handler (list-answers.ts). */
  answers: ListAnswers
}

/** What a request is answered from; made once per app, not per request. */
type ListSources = Omit<ListFastPathDeps, 'securityHeaders'> & { requests: ListRequests }

/**
 * The catalogue list (`tools.byCategory`, `GET /api/v{1,2}/objects/getObjectByLabel/:category`)
 * answered before any other hook, from what is already cached: the shared list's bytes (serialized
 * once, list-answers.ts), the caller's session (identity/identity-cache.ts) and bookmark set
 * (@promptly/api/caching/bookmark-sets). Such an answer costs a hash and a copy of the bytes; through the stack
 * it cost the session and bookmark queries, context, validation and a serialization of every card.
 *
 * It answers exactly what the doors' handlers would, or steps aside: a request in any other form
 * (a batch of several calls, a query string on the REST door, a streaming tRPC client, a
 * cross-origin request, which needs the CORS headers), credentials not verified in the last seconds
 * (an API key, an unknown or expired session, a Clerk token not yet verified or without
 * CLERK_JWT_KEY, whose plugin reads it later, Clerk's cookies), or anything
 * not cached goes through the stack, which fills the caches for the next request. So a cache miss,
 * and any work that touches the database, stays behind the rate limit; like a file or a stored
 * public answer, a cached answer does not count against it. A signed-out tRPC call is the public
 * response cache's (public-response-cache.ts), registered before this.
 */
export function registerListFastPath(app: FastifyInstance, deps: ListFastPathDeps) {
  const headers = listAnswerHeaders(deps.securityHeaders)
  const sources: ListSources = { ...deps, requests: new ListRequests() }
  // Callback style, as the public response cache's hook: a hit is sent synchronously and `done` is
  // not called, so nothing after it runs; an async hook cost every list request a promise and its
  // settling on a later tick, a measurable share of a cached answer's whole cost.
  app.addHook('onRequest', (req, reply, done) => {
    if (!sendCachedList(req, reply, sources, headers)) done()
  })
}

/** Sends the list from the caches and answers true, or answers false for the stack to answer it. */
function sendCachedList(
  req: FastifyRequest,
  reply: FastifyReply,
  { caches, identity, urls, answers, requests }: ListSources,
  answerHeaders: ListAnswerHeaders,
): boolean {
  if (req.method !== 'GET' || req.headers.origin !== undefined || req.headers['trpc-accept'] !== undefined) return false
  const target = requests.of(req.url)
  if (!target) return false
  const caller = identity.knownCaller(req)
  if (caller === undefined || (caller === null && target.door !== 'rest')) return false
  const list = peekCategory(caches, target.input)
  const bookmarked = caller ? caches.bookmarkSets.peek(caller.id) : NO_BOOKMARKS
  if (!list || !bookmarked) return false
  const answer = answers.of(list, target.door, urls)
  const bytes = answers.forCaller(answer, bookmarked)
  const headers = (caller ? answerHeaders.caller : answerHeaders.shared)[target.door]
  // The shared bytes go out compressed once; a caller's own are compressed per request by the plugin.
  const encoded = bytes === answer.bytes ? (answer.encoded() ?? {}) : {}
  sendReadyBytes(reply, req.headers['accept-encoding'], { body: bytes, encoded, headers })
  return true
}

/** Every category's URL through each door, and then some; made-up URLs only make it start over. */
export const MAX_READ_LIST_URLS = 512

/** The lists URLs ask for, read once per URL: the same few list URLs come again and again. */
export class ListRequests {
  readonly #read = new Map<string, ListRequest | null>()

  /** The list `url` asks for, when it is in one of the forms the fast path answers; null otherwise. */
  of(url: string): ListRequest | null {
    const isTrpc = url.startsWith(`${TRPC_LIST_PATH}?`)
    if (!isTrpc && !REST_LIST_PATH.test(url)) return null
    let target = this.#read.get(url)
    if (target === undefined) {
      target = isTrpc ? trpcListRequest(new URLSearchParams(url.slice(TRPC_LIST_PATH.length))) : restListRequest(url)
      if (this.#read.size >= MAX_READ_LIST_URLS) this.#read.clear()
      this.#read.set(url, target)
    }
    return target
  }
}

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
