import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { PassThrough } from 'node:stream'
import { diag } from '@opentelemetry/api'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'

import { bioValues, createGeneratorTool } from '@promptly/api/generation/testing/generator-tool'

import { trpcClient } from '../testing/trpc-http.ts'
import { useTestApp } from '../testing/use-test-app.ts'
import type { ServerTracing } from './start-tracing.ts'
import { startOtlpReceiver, type OtlpReceiver } from './testing/otlp-receiver.ts'
import { traceTree } from './testing/trace-tree.ts'

/** OTLP's span kind of a server's request. */
const SERVER = 2
/** pino's levels. */
const WARN = 40
const ERROR = 50
const SERVICE_NAME = 'promptly-tracing-test'

let receiver: OtlpReceiver
let logged = ''
const logStream = new PassThrough().on('data', (chunk: Buffer) => (logged += chunk.toString('utf8')))
const t = useTestApp(async () => {
  receiver = await startOtlpReceiver()
  return {
    fakeAi: true,
    listen: true,
    logStream,
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_SERVICE_NAME: SERVICE_NAME, LOG_LEVEL: 'info' },
  }
})
afterAll(() => receiver.close())

function tracing(): ServerTracing {
  const on = t.testApp.services.tracing
  if (!on) throw new Error('OTEL_EXPORTER_OTLP_ENDPOINT was set: traces should be on')
  return on
}

/** Flushes what earlier steps left, runs `act`, and answers the spans its requests made. */
async function spansOf(act: () => Promise<unknown>) {
  await tracing().flush()
  receiver.spans.length = 0
  await act()
  await tracing().flush()
  expect(receiver.refused).toEqual([])
  return [...receiver.spans]
}

const logLine = z.object({
  level: z.number(),
  reqId: z.string().optional(),
  traceId: z.string().optional(),
  msg: z.string(),
})
const logLines = () =>
  logged
    .trim()
    .split('\n')
    .map((line) => logLine.parse(JSON.parse(line)))

const requestId = () => `trace-test-${randomBytes(6).toString('hex')}`

beforeEach(() => {
  logged = ''
})

describe('traces, with OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
  it('make a streamed generation one trace: request, procedure, queries, provider call, nested', async () => {
    const ada = await t.signUp()
    const tool = await createGeneratorTool(t.db.prisma)
    const reqId = requestId()
    const client = trpcClient(t.baseUrl, { ...ada.bearer, 'x-request-id': reqId })
    const spans = await spansOf(async () => {
      for await (const event of await client.generation.run.mutate({ toolId: tool.id, groups: bioValues() })) {
        if (event.type === 'done') expect(event.output).not.toBe('')
      }
    })

    expect(new Set(spans.map((span) => span.traceId)).size).toBe(1)
    const trace = traceTree(spans)
    const request = trace.one('POST /trpc/:path')
    expect(request).toMatchObject({ parentSpanId: null, kind: SERVER, resource: { 'service.name': SERVICE_NAME } })
    expect(request.resource['service.instance.id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(request.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/trpc/:path',
      'url.path': '/trpc/generation.run',
      'http.response.status_code': 200,
      'promptly.request_id': reqId,
    })
    const procedure = trace.one('trpc generation.run')
    expect(procedure.parentSpanId).toBe(request.spanId)
    expect(procedure.attributes).toMatchObject({ 'rpc.system': 'trpc', 'rpc.method': 'generation.run' })

    const provider = trace.one('ai text')
    expect(trace.isUnder(provider, procedure)).toBe(true)
    expect(provider.events).toEqual(['first_chunk'])
    expect(provider.attributes).toMatchObject({
      'gen_ai.provider.name': 'openai-compatible',
      'promptly.ai.capability': 'text',
    })
    // The reservation before the provider call and the commit after it, both inside the procedure.
    const queries = trace.named('prisma:client:db_query')
    expect(queries.length).toBeGreaterThan(1)
    for (const query of queries) expect(trace.isUnder(query, procedure)).toBe(true)
    expect(queries.some((query) => query.endNanos <= provider.startNanos)).toBe(true)
    expect(queries.some((query) => query.startNanos >= provider.endNanos)).toBe(true)
    // The request's span lasts until the stream's last byte, not until its first.
    expect(request.endNanos).toBeGreaterThanOrEqual(provider.endNanos)
    for (const span of spans) expect(span.statusCode, span.name).not.toBe(2)
  })

  it('keep the procedure in the trace when the body arrives after the headers', async () => {
    const ada = await t.signUp()
    const tool = await createGeneratorTool(t.db.prisma)
    const body = JSON.stringify({ json: { toolId: tool.id, bookmarked: true } })
    const spans = await spansOf(async () => {
      const req = httpRequest(`${t.baseUrl}/trpc/bookmarks.set`, {
        method: 'POST',
        headers: { ...ada.bearer, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      })
      // The body is sent once the server has begun the request (its span started, its hooks run):
      // it then comes in later socket reads, which run outside the request's context.
      const begun = once(t.app.server, 'request')
      req.flushHeaders()
      await begun
      req.end(body)
      const [res] = (await once(req, 'response')) as [IncomingMessage]
      res.resume()
      await once(res, 'end')
      expect(res.statusCode).toBe(200)
    })
    const trace = traceTree(spans)
    const request = trace.one('POST /trpc/:path')
    expect(trace.one('trpc bookmarks.set').parentSpanId).toBe(request.spanId)
    expect(trace.named('prisma:client:db_query').length).toBeGreaterThan(0)
    expect(new Set(spans.map((span) => span.traceId))).toEqual(new Set([request.traceId]))
  })

  it("put the request's id and trace id on its log lines", async () => {
    const reqId = requestId()
    const spans = await spansOf(() =>
      t.app.inject({ method: 'GET', url: '/trpc/tools.categories', headers: { 'x-request-id': reqId } }),
    )
    const { traceId } = traceTree(spans).one('GET /trpc/:path')
    const lines = logLines().filter((line) => line.reqId === reqId)
    expect(lines.map((line) => line.msg)).toContain('request completed')
    // Fastify writes "incoming request" before the first hook, where the span starts.
    for (const line of lines.filter((line) => line.msg !== 'incoming request')) expect(line.traceId).toBe(traceId)
  })

  it("join the caller's trace when it sends traceparent", async () => {
    const callerTrace = randomBytes(16).toString('hex')
    const callerSpan = randomBytes(8).toString('hex')
    const spans = await spansOf(() =>
      t.app.inject({
        method: 'GET',
        url: '/trpc/tools.categories',
        headers: { traceparent: `00-${callerTrace}-${callerSpan}-01` },
      }),
    )
    const request = traceTree(spans).one('GET /trpc/:path')
    expect(request).toMatchObject({ traceId: callerTrace, parentSpanId: callerSpan })
  })

  it('start no trace for the health probes, nor for database queries outside a request', async () => {
    const spans = await spansOf(async () => {
      expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200)
      await t.db.prisma.user.count()
    })
    expect(spans).toEqual([])
  })

  it('mark a failed procedure with its code, and never name the query string', async () => {
    const input = encodeURIComponent(JSON.stringify({ json: { secretish: 'do-not-export-me' } }))
    const spans = await spansOf(() => t.app.inject({ method: 'GET', url: `/trpc/generation.history?input=${input}` }))
    const trace = traceTree(spans)
    expect(trace.one('trpc generation.history')).toMatchObject({
      statusCode: 2,
      attributes: { 'error.type': 'UNAUTHORIZED' },
    })
    expect(trace.one('GET /trpc/:path').attributes['url.path']).toBe('/trpc/generation.history')
    expect(JSON.stringify(spans, (_key, value: unknown) => (typeof value === 'bigint' ? 0 : value))).not.toContain(
      'do-not-export-me',
    )
  })

  it("are said lost in the server's log when the collector refuses them; serving goes on", async () => {
    receiver.refusing = true
    try {
      const res = await t.app.inject({ method: 'GET', url: '/trpc/tools.categories' })
      expect(res.statusCode).toBe(200)
      await tracing().flush()
    } finally {
      receiver.refusing = false
    }
    // OpenTelemetry's own complaints (a batch sent in the background that failed) go the same way.
    diag.error('a batch could not be sent')
    const warned = logLines().filter((line) => line.msg.startsWith('tracing:'))
    expect(warned.map((line) => [line.level, line.msg.split(':')[1]?.trim()])).toEqual([
      [WARN, 'spans were not exported'],
      [ERROR, 'a batch could not be sent'],
    ])
    expect((await t.app.inject({ method: 'GET', url: '/trpc/tools.categories' })).statusCode).toBe(200)
  })
})
