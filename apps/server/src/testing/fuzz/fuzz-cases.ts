import fc from 'fast-check'

import { hostileJson, hostileNumber, hostileSegment, hostileString, INTERESTING_KEYS } from './hostile-values.ts'
import { routeParams, type RouteEntry } from './route-table.ts'
import { schemaArbitrary } from './schema-arbitrary.ts'

export type Caller = 'signed-out' | 'user' | 'admin'

/** One request, printable as it is: what a failure report shows to replay it. */
export interface FuzzCase {
  caller: Caller
  /** How a signed-in caller proves it. */
  credentials: 'bearer' | 'cookie'
  method: string
  url: string
  headers: Record<string, string>
  body?: string | Buffer
}

export interface Procedure {
  path: string
  type: string
  input: unknown
}

/** What the cases draw on besides random text: ids and names that exist, so calls get past lookups. */
export interface FuzzVocabulary {
  known: readonly string[]
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'multipart/form-data',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data; boundary=',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'application/jsonl',
  'garbage/$$;;==',
]

const QUERY_KEYS = [
  'clerkId',
  'limit',
  'reffered',
  'name',
  'email',
  'imageUrl',
  'input',
  'batch',
  'token',
  'id',
  'cursor',
]

function query(known: readonly string[]): fc.Arbitrary<string> {
  const pair = fc.tuple(
    fc.oneof(fc.constantFrom(...QUERY_KEYS), hostileString()),
    fc.oneof(hostileString(known), fc.constant('')),
  )
  return fc.oneof(
    fc.constant(''),
    fc
      .array(pair, { maxLength: 4 })
      .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}`)),
    fc.constantFrom('?clerkId=%00', '?clerkId=a&clerkId=b', '?%zz=1', '?=', '?&&&', '?clerkId[]=x', '?__proto__[x]=1'),
  )
}

/** encodeURIComponent throws on a lone surrogate; the wire can only carry a replacement. */
function encode(text: string): string {
  return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'))
}

const headerValue = fc.oneof(hostileString(), fc.string({ unit: 'grapheme-ascii', maxLength: 60 }))

function headers(): fc.Arbitrary<Record<string, string>> {
  return fc.record(
    {
      'content-type': fc.constantFrom(...CONTENT_TYPES),
      authorization: fc.oneof(
        headerValue.map((value) => `Bearer ${value}`),
        fc.constantFrom('Bearer prly_xxx', 'Basic Zm9vOmJhcg==', 'Bearer'),
      ),
      cookie: fc.oneof(
        headerValue.map((value) => `promptly_session=${value}`),
        headerValue,
      ),
      range: fc.oneof(
        fc.constantFrom('bytes=0-10', 'bytes=-5', 'bytes=99999999999999999999-', 'bytes=a-b', 'bytes=5-1'),
        headerValue,
      ),
      'if-none-match': headerValue,
      'idempotency-key': headerValue,
      'x-request-id': headerValue,
      'x-forwarded-for': headerValue,
      origin: headerValue,
      'trpc-accept': fc.constant('application/jsonl'),
    },
    { requiredKeys: [] },
  )
}

function multipart(known: readonly string[]): fc.Arbitrary<Buffer> {
  const part = fc.tuple(
    fc.constantFrom('file', 'model', 'x'),
    hostileString(known),
    fc.boolean(),
    fc.uint8Array({ maxLength: 64 }),
  )
  return fc
    .tuple(fc.array(part, { maxLength: 3 }), fc.boolean(), fc.nat({ max: 100 }))
    .map(([parts, complete, cutAt]) => {
      const chunks = parts.map(([name, fileName, isFile, bytes]) => {
        const file = isFile ? `; filename="${fileName.replace(/["\r\n]/g, '')}"` : ''
        const disposition = `form-data; name="${name}"${file}`
        return Buffer.concat([
          Buffer.from(`--fuzz\r\nContent-Disposition: ${disposition}\r\n\r\n`),
          Buffer.from(bytes),
          Buffer.from('\r\n'),
        ])
      })
      const whole = Buffer.concat([...chunks, Buffer.from('--fuzz--\r\n')])
      return complete ? whole : whole.subarray(0, Math.floor((whole.length * cutAt) / 100))
    })
}

function body(known: readonly string[]): fc.Arbitrary<string | Buffer | undefined> {
  return fc.oneof(
    fc.constant(undefined),
    hostileJson(known).map((value) => JSON.stringify(value) ?? 'null'),
    fc
      .dictionary(
        fc.constantFrom(...INTERESTING_KEYS),
        fc.oneof(hostileString(known), hostileNumber, hostileJson(known)),
        { maxKeys: 4 },
      )
      .map((value) => JSON.stringify(value)),
    fc.constantFrom('{', '{"prompt":', 'nul', '\u0000', '[]', '""', '{"__proto__":{"isAdmin":true}}'),
    fc.uint8Array({ maxLength: 128 }).map((bytes) => Buffer.from(bytes)),
    multipart(known),
  )
}

const caller = fc.record({
  caller: fc.constantFrom<Caller>('signed-out', 'user', 'admin'),
  credentials: fc.constantFrom('bearer' as const, 'cookie' as const),
})

/** A request to one of the app's routes, its parameters, query, headers and body all hostile. */
export function restCase(routes: readonly RouteEntry[], { known }: FuzzVocabulary): fc.Arbitrary<FuzzCase> {
  return fc.constantFrom(...routes).chain((route) => {
    const params = routeParams(route.path)
    return fc
      .record({
        who: caller,
        values: fc.tuple(...params.map(() => hostileSegment(known))),
        query: query(known),
        headers: headers(),
        body: body(known),
      })
      .map(({ who, values, query: search, headers: sent, body: payload }) => {
        let path = route.path
        params.forEach((name, index) => (path = path.replace(`:${name}`, values[index] ?? '')))
        return {
          ...who,
          method: route.method,
          url: `${path}${search}`,
          headers: sent,
          ...(payload !== undefined && { body: payload }),
        }
      })
  })
}

/** A tRPC call of one procedure, with an input near its schema, sent the ways tRPC accepts (and some it does not). */
export function trpcCase(procedures: readonly Procedure[], { known }: FuzzVocabulary): fc.Arbitrary<FuzzCase> {
  return fc.constantFrom(...procedures).chain((procedure) =>
    fc
      .record({
        who: caller,
        input: schemaArbitrary(procedure.input, known),
        wrapping: fc.constantFrom('json', 'bare', 'batch', 'garbage'),
        // Now and then a query sent as a mutation or the reverse.
        flipMethod: fc.nat({ max: 9 }).map((n) => n === 0),
        stream: fc.boolean(),
        garbage: hostileString(),
      })
      .map(({ who, input, wrapping, flipMethod, stream, garbage }) => {
        const wrapped = wrapping === 'json' ? { json: input } : wrapping === 'batch' ? { 0: { json: input } } : input
        const text = wrapping === 'garbage' ? garbage : (JSON.stringify(wrapped) ?? 'null')
        const batch = wrapping === 'batch' ? '?batch=1' : ''
        const isQuery = (procedure.type === 'query') !== flipMethod
        const sent: Record<string, string> = {
          'content-type': 'application/json',
          ...(stream && { 'trpc-accept': 'application/jsonl' }),
        }
        if (isQuery) {
          const url = `/trpc/${procedure.path}${batch ? `${batch}&` : '?'}input=${encode(text)}`
          return { ...who, method: 'GET', url, headers: sent }
        }
        return { ...who, method: 'POST', url: `/trpc/${procedure.path}${batch}`, headers: sent, body: text }
      }),
  )
}
