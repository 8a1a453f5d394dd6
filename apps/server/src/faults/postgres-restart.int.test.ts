import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { TRPCClientError } from '@trpc/client'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startFakeOpenAiServer, type FakeOpenAiServer } from '@promptly/ai/testing/fake-openai-server'
import { CACHE_LISTENER_NAME } from '@promptly/api/caching/postgres-cache-bus'
import { balanceOf } from '@promptly/api/credits/testing/users-with-credits'
import { FAILED_GENERATION_ERROR } from '@promptly/api/generation/stream-generation'
import { bioValues, createGeneratorTool } from '@promptly/api/generation/testing/generator-tool'
import type { AppRouter } from '@promptly/api/root'
import { fixtureTool, insertTools } from '@promptly/api/testing/catalogue-fixtures'
import { openDatabase, type Database } from '@promptly/db/client'

import { buildApp } from '../app.ts'
import { buildServices } from '../services.ts'
import { answerWithFault, faultyProviderEnv, HEALTHY_TEXT } from '../testing/faulty-openai-answers.ts'
import { startPostgresRestartProxy, type PostgresRestartProxy } from '../testing/postgres-restart-proxy.ts'
import { listenOnRandomPort, trpcClient } from '../testing/trpc-http.ts'
import { useTestApp } from '../testing/use-test-app.ts'

/**
 * PostgreSQL restarting under load, as the app sees it: every connection cut at once and new ones
 * refused for a moment (a TCP proxy between the app and the server does that), then the server back.
 * The app under test is a second instance built as main.ts builds it, whose pool and LISTEN
 * connection go through the proxy; the test frame's own connection checks the database directly.
 */
let fake: FakeOpenAiServer
/** While set, the fake provider holds every request until it resolves. */
let gate: Promise<void> | null = null
let openGate = () => undefined as void
let proxy: PostgresRestartProxy
let db: Database
let app: FastifyInstance
let baseUrl: string
let tool: { id: string }

// PostgreSQL only: PGlite runs inside this process, with no connection to lose.
describe.runIf(process.env.TEST_DB === 'postgres')('PostgreSQL restarting during a burst of requests', () => {
  const t = useTestApp(async () => {
    fake = await startFakeOpenAiServer(async (request, response) => {
      await gate
      answerWithFault(request, response, null)
    })
    return { seed: true, env: faultyProviderEnv(fake.baseUrl, 30_000) }
  })

  function closeGate(): void {
    gate = new Promise<void>((resolve) => {
      openGate = () => {
        gate = null
        resolve()
      }
    })
  }

  beforeAll(async () => {
    tool = await createGeneratorTool(t.db.prisma)
    proxy = await startPostgresRestartProxy(t.db.url!)
    db = await openDatabase({ url: proxy.url })
    const config = { ...t.config, database: { url: proxy.url } }
    app = await buildApp({ config, db, services: await buildServices(config, db) })
    baseUrl = await listenOnRandomPort(app)
  })
  afterAll(async () => {
    openGate()
    if (app) {
      const closing = app.close()
      app.server.closeAllConnections()
      await closing
    }
    await db?.close()
    await proxy?.close()
    await fake.close()
  })

  async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
    for (let attempt = 0; attempt < 400; attempt += 1) {
      if (await condition()) return
      await sleep(25)
    }
    throw new Error(`waited in vain for ${what}`)
  }

  /** What a caller got: its status and body, or tRPC's code and status. */
  interface Answer {
    ok: boolean
    status: number | undefined
    body: string
  }

  async function rest(
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string> = {},
    body?: object,
  ): Promise<Answer> {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
      ...(body && { body: JSON.stringify(body) }),
    })
    return { ok: res.ok, status: res.status, body: await res.text() }
  }

  async function viaTrpc(work: () => Promise<unknown>): Promise<Answer> {
    try {
      const value = await work()
      return { ok: true, status: 200, body: JSON.stringify(value) }
    } catch (error) {
      // Anything else (the connection itself failing) is seen as it is, and fails the checks below.
      if (!(error instanceof TRPCClientError)) return { ok: false, status: undefined, body: String(error) }
      const { data } = error as TRPCClientError<AppRouter>
      return { ok: false, status: data?.httpStatus, body: JSON.stringify({ message: error.message, data }) }
    }
  }

  /** A failure a user or a script may see: a 5xx with a generic message; no stack, no SQL, no driver text. */
  function expectCleanServerError(answer: Answer): void {
    expect(answer.ok).toBe(false)
    expect(answer.status).toBeGreaterThanOrEqual(500)
    expect(answer.body).toContain('Something went wrong')
    expect(answer.body).not.toMatch(/stack|at .*\.ts:\d+|SELECT|INSERT|UPDATE |prisma|ECONN|socket|terminat/i)
  }

  it('answers clean errors while down, charges nothing, and serves again without a restart', async () => {
    const ada = await t.signUp({ name: 'Ada' })
    const asAda = trpcClient(baseUrl, ada.bearer)
    const start = await balanceOf(t.db.prisma, ada.user.id)
    const search = () => rest('GET', `/api/v1/objects/searchObjects/${encodeURIComponent(`tool ${randomUUID()}`)}`)

    // Generations in flight when the database goes: each has reserved its credit and waits on the provider.
    closeGate()
    const inFlight = [
      viaTrpc(() => asAda.generation.speech.mutate({ input: 'Hello there', voice: 'alloy' })),
      viaTrpc(() => asAda.generation.paraphrase.mutate({ prompt: 'We bake bread.' })),
      viaTrpc(async () => {
        for await (const event of await asAda.generation.run.mutate({ toolId: tool.id, groups: bioValues() }))
          void event
      }),
    ]
    await until(() => fake.requests.length === inFlight.length, 'the generations to reach the provider')
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBeLessThan(start)

    await proxy.drop()
    // The burst while it is down: the catalogue, a signed-in read, new generations (tRPC and REST).
    const [page, ...needDatabase] = await Promise.all([
      rest('GET', `/api/v1/objects/getObject/${tool.id}`),
      search(),
      viaTrpc(() => asAda.tools.search.query({ text: `bread ${randomUUID()}` })),
      viaTrpc(() => asAda.generation.history.query({})),
      viaTrpc(() => asAda.generation.image.mutate({ prompt: 'A fox', n: 1, quality: 'standard', style: 'Art' })),
      rest('POST', `/api/v1/objects/getResponseOfObject/${tool.id}`, ada.bearer, { groups: bioValues() }),
    ])
    // A tool page the catalogue cache holds may still be served; what needs the database fails cleanly.
    if (!page!.ok) expectCleanServerError(page!)
    for (const answer of needDatabase) expectCleanServerError(answer)
    // The new generations could not reserve, so they never reached the provider.
    expect(fake.requests).toHaveLength(inFlight.length)
    expect((await rest('GET', '/ready')).status).toBe(503)
    expect(proxy.refused).toBeGreaterThan(0)

    // The provider answers now, while the database is still down: nothing can be committed.
    openGate()
    for (const answer of await Promise.all(inFlight)) expectCleanServerError(answer)

    proxy.restore()
    // The same app, not restarted: the first requests after the server is back succeed.
    const after = await Promise.all([
      search(),
      rest('GET', `/api/v1/objects/getObject/${tool.id}`),
      rest('GET', '/ready'),
    ])
    expect(after.map((answer) => answer.status)).toEqual([200, 200, 200])
    let output: string | undefined
    for await (const event of await asAda.generation.run.mutate({ toolId: tool.id, groups: bioValues() }))
      if (event.type === 'done') output = event.output
    expect(output).toBe(HEALTHY_TEXT)

    // No held credit stays charged: the refunds that failed while the database was down are tried
    // again once it is back, without waiting for the reservation sweeper's age rule (minutes).
    await until(
      async () => (await t.db.prisma.generation.count({ where: { userId: ada.user.id, status: 'reserved' } })) === 0,
      'the held reservations to be refunded',
    )
    expect(
      await t.db.prisma.generation.count({
        where: { userId: ada.user.id, status: 'failed', error: FAILED_GENERATION_ERROR },
      }),
    ).toBe(inFlight.length)
    expect(await t.db.prisma.generation.count({ where: { userId: ada.user.id, status: 'succeeded' } })).toBe(1)
    expect(await t.db.prisma.generation.count({ where: { userId: ada.user.id } })).toBe(inFlight.length + 1)
    const [succeeded] = (await asAda.generation.history.query({})).items.filter((item) => item.status === 'succeeded')
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(start - (succeeded?.charged ?? 0))
  })

  it('hears catalogue changes from other instances again once its LISTEN connection is back', async () => {
    const listeners = async () => {
      const [row] = await t.db.prisma.$queryRaw<Array<{ count: number }>>`
        SELECT count(*)::int AS count FROM pg_stat_activity
         WHERE datname = current_database() AND application_name = ${CACHE_LISTENER_NAME}`
      return row?.count ?? 0
    }
    // The frame's instance listens directly; the app under test through the proxy.
    await until(async () => (await listeners()) === 2, 'both instances to listen')
    await proxy.drop()
    await until(async () => (await listeners()) === 1, 'the server to see the connection gone')
    proxy.restore()
    await until(async () => (await listeners()) === 2, 'the app under test to listen again')

    const names = async () => {
      const found = await rest('GET', `/api/v1/objects/searchObjects/${encodeURIComponent('Relisten')}`)
      expect(found.status).toBe(200)
      return found.body
    }
    // Cached now: without the notification, the new tool would appear only when the cache expires (30 s).
    expect(await names()).not.toContain('Relisten Tool')
    await insertTools(t.db.prisma, [fixtureTool(7, { name: 'Relisten Tool' })])
    await t.testApp.services.caches.catalogue.changed()
    await until(async () => (await names()).includes('Relisten Tool'), 'the change to reach the app under test')
  })
})
