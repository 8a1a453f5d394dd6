import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'

import type { TestAccount } from '../testing/local-accounts.ts'
import { useTestApp } from '../testing/use-test-app.ts'
import { registerPublicResponseCache } from './public-response-cache.ts'

const t = useTestApp({ seed: true })
const allTools =
  `/trpc/tools.byCategory?input=` + `${encodeURIComponent(JSON.stringify({ json: { category: 'All Tools' } }))}`
const searchUrl = (text: string) => `/trpc/tools.search?input=${encodeURIComponent(JSON.stringify({ json: { text } }))}`

// No waiting for a miss's copy to be stored: a request arriving while it is still being read waits
// for that copy (single-flight), so the next request sees it either way.
describe('public response cache', () => {
  it('serves a repeated signed-out catalogue query from stored bytes', async () => {
    const first = await t.app.inject({ method: 'GET', url: allTools })
    const second = await t.app.inject({ method: 'GET', url: allTools })
    expect(first.statusCode).toBe(200)
    expect(first.headers['x-cache']).toBeUndefined()
    expect(second.headers['x-cache']).toBe('hit')
    expect(second.body).toBe(first.body)
    expect(second.headers['content-type']).toBe(first.headers['content-type'])
  })

  it("never stores a streaming client's answer (JSON lines) for the plain clients after it", async () => {
    // The web client's own form of the query: a batch of one.
    const input = encodeURIComponent(JSON.stringify({ 0: { json: { category: 'All Tools' } } }))
    const batch = `/trpc/tools.byCategory?batch=1&input=${input}`
    const streamed = await t.app.inject({ method: 'GET', url: batch, headers: { 'trpc-accept': 'application/jsonl' } })
    expect(streamed.statusCode).toBe(200)
    const plain = await t.app.inject({ method: 'GET', url: batch })
    expect(plain.headers['x-cache']).toBeUndefined()
    expect(JSON.parse(plain.body)).toMatchObject([{ result: { data: { json: expect.any(Array) } } }])
  })

  it('shows a tool change at once after the catalogue is invalidated', async () => {
    await t.app.inject({ method: 'GET', url: allTools })
    const tool = await t.db.prisma.tool.findFirstOrThrow({ orderBy: { createdAt: 'asc' } })
    await t.db.prisma.tool.update({ where: { id: tool.id }, data: { name: 'Renamed For The Cache Test' } })
    t.testApp.services.caches.catalogue.changed()
    const after = await t.app.inject({ method: 'GET', url: allTools })
    expect(after.headers['x-cache']).toBeUndefined()
    expect(after.body).toContain('Renamed For The Cache Test')
  })

  it('never answers a signed-in request from the cache (its answer carries isBookmarked)', async () => {
    await t.app.inject({ method: 'GET', url: allTools })
    const account = await t.signUp()
    const tool = await t.db.prisma.tool.findFirstOrThrow({ orderBy: { createdAt: 'asc' } })
    const bookmark = await t.app.inject({
      method: 'POST',
      url: '/trpc/bookmarks.set',
      headers: { ...account.bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({ json: { toolId: tool.id, bookmarked: true } }),
    })
    expect(bookmark.statusCode).toBe(200)
    const mine = await t.app.inject({ method: 'GET', url: allTools, headers: account.bearer })
    expect(mine.headers['x-cache']).toBeUndefined()
    expect(mine.body).toContain('"isBookmarked":true')
  })
})

/** How a request may say who is asking: extra headers, or extra query parameters. */
interface Credential {
  headers?: Record<string, string>
  query?: string
}

describe('a request that might identify its caller', () => {
  let account: TestAccount
  beforeAll(async () => {
    account = await t.signUp()
  })

  const credentials: [string, () => Credential][] = [
    ['the local session cookie', () => ({ headers: { cookie: `theme=dark; promptly_session=${account.token}` } })],
    ['a Bearer token', () => ({ headers: account.bearer })],
    ['an empty Authorization header', () => ({ headers: { authorization: '' } })],
    ["Clerk's suffixed session cookie", () => ({ headers: { cookie: '__session_Ab12Cd34=jwt' } })],
    ["Clerk's client marker", () => ({ headers: { cookie: '__client_uat=1700000000' } })],
    ["Clerk's suffixed client marker", () => ({ headers: { cookie: '__client_uat_Ab12Cd34=1700000000' } })],
    ["Clerk's handshake cookie", () => ({ headers: { cookie: '__clerk_handshake=jwt' } })],
    ['a legacy clerkId', () => ({ query: `clerkId=${account.user.clerkId}` })],
    ["Clerk's handshake query parameter", () => ({ query: '__clerk_handshake=jwt' })],
  ]

  function ask(url: string, credential?: Credential) {
    const withQuery = credential?.query ? `${url}&${credential.query}` : url
    return t.app.inject({ method: 'GET', url: withQuery, headers: credential?.headers ?? {} })
  }

  it.each(credentials)('is not served from the cache: %s', async (_what, credentialOf) => {
    await ask(allTools)
    expect((await ask(allTools)).headers['x-cache']).toBe('hit')
    const credentialed = await ask(allTools, credentialOf())
    expect(credentialed.statusCode).toBe(200)
    expect(credentialed.headers['x-cache']).toBeUndefined()
  })

  it.each(credentials)('is not stored in the cache: %s', async (what, credentialOf) => {
    const url = searchUrl(`not stored: ${what}`)
    const credentialed = await ask(url, credentialOf())
    expect(credentialed.statusCode).toBe(200)
    expect((await ask(url, credentialOf())).headers['x-cache']).toBeUndefined()
    expect((await ask(url)).headers['x-cache']).toBeUndefined()
    // The same URL signed out is kept: only the credential kept the first answer out.
    expect((await ask(url)).headers['x-cache']).toBe('hit')
  })
})

describe('a tool change racing a miss', () => {
  // A stand-in for tRPC behind the real cache: it answers with the catalogue version it read, as a
  // fetch Response like tRPC's, and lets the test change the catalogue at a chosen moment.
  let race: FastifyInstance | undefined
  afterEach(() => race?.close())

  let catalogueVersion = 1
  function changeTool(): void {
    catalogueVersion += 1
    t.testApp.services.caches.catalogue.changed()
  }
  const json = (version: number) => new TextEncoder().encode(JSON.stringify({ version }))

  const changeMoments = {
    /** After the handler has read the catalogue, before it answers. */
    'while the handler runs': (): Response => {
      const body = json(catalogueVersion)
      changeTool()
      return new Response(body, { headers: { 'content-type': 'application/json' } })
    },
    /** After the cache's onSend has taken the answer, while its body is still being read. */
    'while the body is being sent': (): Response => {
      const body = json(catalogueVersion)
      // highWaterMark 0: nothing is pulled until someone reads, i.e. after the onSend hooks.
      const slow = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            changeTool()
            controller.enqueue(body)
            controller.close()
          },
        },
        { highWaterMark: 0 },
      )
      return new Response(slow, { headers: { 'content-type': 'application/json' } })
    },
  }

  it('runs the handler once for 64 concurrent misses of one URL; the others wait for its bytes', async () => {
    race = Fastify()
    // Counts requests before the cache sees them, so the handler can hold until all 64 have arrived.
    let arrived = 0
    let allArrived: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (allArrived = resolve))
    race.addHook('onRequest', async () => {
      if (++arrived === 64) allArrived()
    })
    registerPublicResponseCache(race, t.testApp.services.caches.catalogue)
    let handled = 0
    race.get('/trpc/tools.categories', async () => {
      handled += 1
      await gate
      return new Response(json(catalogueVersion), { headers: { 'content-type': 'application/json' } })
    })

    const answers = await Promise.all(
      Array.from({ length: 64 }, () => race!.inject({ method: 'GET', url: '/trpc/tools.categories' })),
    )
    expect(handled).toBe(1)
    expect(answers.map((answer) => answer.json())).toEqual(Array(64).fill({ version: catalogueVersion }))
    expect(answers.filter((answer) => answer.headers['x-cache'] === 'hit')).toHaveLength(63)
  })

  it('answers a hit without running the handler or any hook registered after the cache', async () => {
    race = Fastify()
    registerPublicResponseCache(race, t.testApp.services.caches.catalogue)
    let laterHooks = 0
    let handled = 0
    race.addHook('onRequest', async () => {
      laterHooks += 1
    })
    race.get('/trpc/tools.categories', async () => {
      handled += 1
      return new Response(json(catalogueVersion), { headers: { 'content-type': 'application/json' } })
    })

    const miss = await race.inject({ method: 'GET', url: '/trpc/tools.categories' })
    expect(miss.headers['x-cache']).toBeUndefined()
    const hits = await Promise.all(
      Array.from({ length: 3 }, () => race!.inject({ method: 'GET', url: '/trpc/tools.categories' })),
    )
    expect(hits.map((hit) => [hit.statusCode, hit.headers['x-cache'], hit.body])).toEqual(
      Array(3).fill([200, 'hit', miss.body]),
    )
    expect([handled, laterHooks]).toEqual([1, 1])
  })

  it('lets the requests waiting on a miss go on when that answer never reaches onSend', async () => {
    race = Fastify()
    // Counts requests before the cache sees them: the first answer waits until the second is waiting on it.
    let arrived = 0
    let secondArrived: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (secondArrived = resolve))
    race.addHook('onRequest', async () => {
      if (++arrived === 2) secondArrived()
    })
    registerPublicResponseCache(race, t.testApp.services.caches.catalogue)
    let handled = 0
    race.get('/trpc/tools.categories', async (_req, reply) => {
      handled += 1
      if (handled > 1) return new Response(json(catalogueVersion), { headers: { 'content-type': 'application/json' } })
      // The first answer bypasses Fastify's send, and so the cache's onSend.
      await gate
      reply.hijack()
      reply.raw.writeHead(200, { 'content-type': 'application/json' })
      reply.raw.end(JSON.stringify({ hijacked: true }))
      return reply
    })

    const [first, second] = await Promise.all([
      race.inject({ method: 'GET', url: '/trpc/tools.categories' }),
      race.inject({ method: 'GET', url: '/trpc/tools.categories' }),
    ])
    expect(first.json()).toEqual({ hijacked: true })
    // The waiting request ran the handler itself rather than hanging or getting the unstored answer.
    expect(second.headers['x-cache']).toBeUndefined()
    expect(second.json()).toEqual({ version: catalogueVersion })
    expect(handled).toBe(2)
  })

  it.each(Object.keys(changeMoments) as (keyof typeof changeMoments)[])(
    'does not store the answer read before a change landing %s',
    async (moment) => {
      race = Fastify()
      registerPublicResponseCache(race, t.testApp.services.caches.catalogue)
      let changeOnce = true
      race.get('/trpc/tools.categories', async () => {
        if (!changeOnce)
          return new Response(json(catalogueVersion), { headers: { 'content-type': 'application/json' } })
        changeOnce = false
        return changeMoments[moment]()
      })
      const before = catalogueVersion

      const racing = await race.inject({ method: 'GET', url: '/trpc/tools.categories' })
      expect(racing.json()).toEqual({ version: before })
      const next = await race.inject({ method: 'GET', url: '/trpc/tools.categories' })
      expect(next.headers['x-cache']).toBeUndefined()
      expect(next.json()).toEqual({ version: before + 1 })
      // The route is cacheable: the answer read after the change is kept.
      const again = await race.inject({ method: 'GET', url: '/trpc/tools.categories' })
      expect(again.headers['x-cache']).toBe('hit')
      expect(again.json()).toEqual({ version: before + 1 })
    },
  )
})
