import superjson from 'superjson'
import { vi } from 'vitest'

type Answer = unknown | ((input: unknown) => unknown)

/** Thrown by an answer function: the procedure answers with this tRPC error (e.g. UNAUTHORIZED, 401). */
export class FakeTrpcError extends Error {
  constructor(
    readonly code: string,
    readonly httpStatus: number,
    message = code,
  ) {
    super(message)
  }
}

/** The inputs of a batch call, by position (GET: `?input=`, POST: the body), superjson-decoded. */
async function batchInputs(url: URL, init: RequestInit | undefined, request: Request | null): Promise<unknown[]> {
  let raw: string | null = url.searchParams.get('input')
  if (raw === null) {
    const body = init?.body ?? (request ? await request.clone().text() : null)
    raw = typeof body === 'string' ? body : null
  }
  if (!raw) return []
  const parsed = JSON.parse(raw) as Record<string, { json: unknown; meta?: unknown } | undefined>
  return Object.keys(parsed).map((key) => {
    const item = parsed[key]
    return item === undefined ? undefined : superjson.deserialize(item as Parameters<typeof superjson.deserialize>[0])
  })
}

/**
 * Stands in for the server: answers tRPC batch calls (`/trpc/a,b?batch=1`) from `procedures`
 * (superjson-encoded, as the real server does; an answer function receives the call's input), and
 * plain paths from `routes`. Anything else gets a 404 like a server that is not there yet; a
 * procedure not listed answers NOT_FOUND inside its batch.
 */
export function fakeApi(procedures: Record<string, Answer> = {}, routes: Record<string, () => Response> = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    )
    const route = routes[url.pathname]
    if (route) return route()
    if (!url.pathname.startsWith('/trpc/')) return new Response('Not Found', { status: 404 })

    const names = url.pathname.slice('/trpc/'.length).split(',')
    // No procedure of the batch known: like a server that is not there yet. Some unknown: each of
    // those answers NOT_FOUND within the batch, as tRPC does.
    if (names.every((name) => !(name in procedures))) return new Response('Not Found', { status: 404 })
    const inputs = await batchInputs(url, init, input instanceof Request ? input : null)
    let status = 200
    const body = await Promise.all(
      names.map(async (name, index) => {
        const answer = procedures[name]
        try {
          if (!(name in procedures)) throw new FakeTrpcError('NOT_FOUND', 404, `No procedure ${name}`)
          const data =
            typeof answer === 'function' ? await (answer as (input: unknown) => unknown)(inputs[index]) : answer
          return { result: { data: superjson.serialize(data) } }
        } catch (error) {
          if (!(error instanceof FakeTrpcError)) throw error
          status = names.length === 1 ? error.httpStatus : 207
          const shape = {
            message: error.message,
            code: -32000,
            data: { code: error.code, httpStatus: error.httpStatus },
          }
          return { error: superjson.serialize(shape) }
        }
      }),
    )
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}
