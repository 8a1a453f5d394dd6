/**
 * `npm run bench` (last): what traces cost a request, in the server's CPU. Two servers run side by
 * side, each in a child process of its own (tracing is one per process), one with
 * OTEL_EXPORTER_OTLP_ENDPOINT unset and one with it set; this process is their client and their
 * collector, so neither the calls nor the receiving count. It sends each server the same requests in
 * turn (a streamed text generation over tRPC, whose provider replays a short answer from memory,
 * then a signed-in history query), BENCH_TRACING_REQUESTS of each after a warm-up, and reads each
 * server's CPU (user + system) around them, the spans' export included (flushed before the reading).
 * Sharing the machine at the same moments, the two see the same load: the difference is tracing's.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { cpus, loadavg } from 'node:os'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

import { grantCredits } from '@promptly/api/credits/grant-credits'
import { fakeAiProvider } from '@promptly/api/generation/testing/fake-ai-provider'
import { bioValues, createGeneratorTool } from '@promptly/api/generation/testing/generator-tool'

import { signUpTestAccount } from '../src/testing/local-accounts.ts'
import { createTestApp } from '../src/testing/test-app.ts'
import { listenOnRandomPort, trpcClient } from '../src/testing/trpc-http.ts'

const REQUESTS = Number(process.env.BENCH_TRACING_REQUESTS ?? 500)
const WARMUP = 50
const ROUNDS = 3
const REPLY = ['<p>A bakery ', 'that bakes ', 'bread at dawn ', 'for the street.</p>']
const HISTORY_INPUT = encodeURIComponent(JSON.stringify({ json: {} }))

type Mode = 'off' | 'on'
type DatabaseKind = 'pglite' | 'postgres'

/** What a server tells its client once it listens. */
interface Served {
  url: string
  authorization: string
  toolId: string
}

/** The server side: listens, prints where, then answers "cpu" with its CPU since the last "cpu". */
async function serve(mode: Mode, endpoint: string): Promise<void> {
  const t = await createTestApp({
    env: { RATE_LIMIT_PER_MINUTE: '1000000000', ...(mode === 'on' && { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint }) },
    services: { ai: fakeAiProvider({ stream: () => replay() }) },
  })
  const account = await signUpTestAccount(t.app)
  const amount = 2 * (REQUESTS + WARMUP) * ROUNDS
  await t.db.prisma.$transaction((tx) =>
    grantCredits(tx, { userId: account.user.id, amount, reason: 'admin_topup', reference: `bench-${Date.now()}` }),
  )
  const tool = await createGeneratorTool(t.db.prisma)
  const served: Served = { url: await listenOnRandomPort(t.app), ...account.bearer, toolId: tool.id }
  process.stdout.write(`${JSON.stringify(served)}\n`)
  let since = process.cpuUsage()
  for await (const line of createInterface({ input: process.stdin })) {
    if (line !== 'cpu') break
    await t.services.tracing?.flush()
    const used = process.cpuUsage(since)
    process.stdout.write(`${used.user + used.system}\n`)
    since = process.cpuUsage()
  }
  await t.close()
}

async function* replay(): AsyncGenerator<string> {
  yield* REPLY
}

/** A server in a child process, and the line-by-line conversation with it. */
async function startServer(mode: Mode, kind: DatabaseKind, endpoint: string) {
  const child: ChildProcess = spawn(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), '--serve', mode, endpoint],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, NODE_ENV: 'test', TEST_DB: kind === 'postgres' ? kind : '' },
    },
  )
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]()
  const next = async () => {
    const { value, done } = await lines.next()
    if (done) throw new Error(`the ${mode} server stopped`)
    return value
  }
  const served = JSON.parse(await next()) as Served
  const client = trpcClient(served.url, { authorization: served.authorization })
  return {
    served,
    client,
    /** Microseconds of CPU the server used since the last reading. */
    async cpu() {
      child.stdin!.write('cpu\n')
      return Number(await next())
    },
    async stop() {
      child.stdin!.end()
      await once(child, 'exit')
    },
  }
}

type BenchServer = Awaited<ReturnType<typeof startServer>>

async function generate(server: BenchServer, run: number): Promise<void> {
  const events = await server.client.generation.run.mutate({
    toolId: server.served.toolId,
    groups: bioValues(`${run}`),
  })
  for await (const event of events) void event
}

async function history(server: BenchServer): Promise<void> {
  const res = await fetch(`${server.served.url}/trpc/generation.history?input=${HISTORY_INPUT}`, {
    headers: { authorization: server.served.authorization },
  })
  if (res.status !== 200) throw new Error(`history answered ${res.status}`)
  await res.arrayBuffer()
}

/** `count` calls to each server in turn; each server's CPU per call, in microseconds. */
async function measure(
  servers: BenchServer[],
  count: number,
  call: (server: BenchServer, run: number) => Promise<void>,
) {
  await Promise.all(servers.map((server) => server.cpu()))
  for (let run = 0; run < count; run += 1) for (const server of servers) await call(server, run)
  return Promise.all(servers.map(async (server) => (await server.cpu()) / count))
}

/** The collector: takes OTLP/JSON exports, counts their spans, keeps nothing. */
async function startCollector() {
  const received = { spans: 0 }
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      received.spans += (body.match(/"spanId"/g) ?? []).length
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { endpoint: `http://127.0.0.1:${port}`, received, close: () => server.close() }
}

async function benchDatabase(kind: DatabaseKind, collector: Awaited<ReturnType<typeof startCollector>>) {
  console.log(`\n== ${kind} == (load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`)
  const servers = await Promise.all((['off', 'on'] as const).map((mode) => startServer(mode, kind, collector.endpoint)))
  try {
    await measure(servers, WARMUP, generate)
    await measure(servers, WARMUP, history)
    for (let round = 0; round < ROUNDS; round += 1) {
      const spansBefore = collector.received.spans
      const [genOff, genOn] = await measure(servers, REQUESTS, generate)
      const generationSpans = (collector.received.spans - spansBefore) / REQUESTS
      const [histOff, histOn] = await measure(servers, REQUESTS, history)
      const historySpans = (collector.received.spans - spansBefore) / REQUESTS - generationSpans
      console.log(`  round ${round + 1}: ${line('generation', genOff!, genOn!, generationSpans)}`)
      console.log(`           ${line('history', histOff!, histOn!, historySpans)}`)
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()))
  }
}

function line(what: string, off: number, on: number, spans: number): string {
  const more = on - off
  return (
    `${what}: off ${off.toFixed(0)} µs, on ${on.toFixed(0)} µs CPU per request, ` +
    `${more >= 0 ? '+' : ''}${more.toFixed(0)} µs (${((100 * more) / off).toFixed(1)} %), ${spans.toFixed(1)} spans`
  )
}

async function main(): Promise<void> {
  const kinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']
  console.log(`Promptly tracing overhead: Node ${process.version}, ${REQUESTS} requests of each kind a round`)
  if (!process.env.TEST_DATABASE_URL) console.log('(set TEST_DATABASE_URL to also run on PostgreSQL)')
  const collector = await startCollector()
  try {
    for (const kind of kinds) await benchDatabase(kind, collector)
  } finally {
    collector.close()
  }
}

const [flag, mode, endpoint] = process.argv.slice(2)
await (flag === '--serve' && (mode === 'off' || mode === 'on') && endpoint ? serve(mode, endpoint) : main())
