import superjson from 'superjson'
import { vi } from 'vitest'

type Answer = unknown | ((input: unknown) => unknown)

/**
 * Stands in for the server: answers tRPC batch calls (`/trpc/a,b?batch=1`) from `procedures`
 * (superjson-encoded, as the real server does), and plain paths from `routes`. Anything else,
 * and any procedure not listed, gets a 404 like a server that is not there yet.
 */
export function fakeApi(procedures: Record<string, Answer> = {}, routes: Record<string, () => Response> = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost')
    const route = routes[url.pathname]
    if (route) return route()
    if (!url.pathname.startsWith('/trpc/')) return new Response('Not Found', { status: 404 })

    const names = url.pathname.slice('/trpc/'.length).split(',')
    const missing = names.some((name) => !(name in procedures))
    if (missing) return new Response('Not Found', { status: 404 })
    const body = names.map((name) => {
      const answer = procedures[name]
      const data = typeof answer === 'function' ? (answer as (input: unknown) => unknown)(undefined) : answer
      return { result: { data: superjson.serialize(data) } }
    })
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}
