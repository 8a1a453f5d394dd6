/**
 * `npm run bench` (after the catalogue bench): the server's own cost of one text generation, and
 * how fast the first chunk reaches the client, on PGlite and (when TEST_DATABASE_URL is set)
 * PostgreSQL. Scratch databases only.
 *
 * Each run is a real `generation.run` over HTTP through @trpc/client's httpBatchStreamLink, one at
 * a time, as a signed-in user, in two passes:
 * - overhead: the provider answers at once, replaying from memory a reply the built-in local model
 *   wrote (same text, same chunks), so the client-observed time is the server's own: auth,
 *   validation, prompt, reservation, streaming out, sanitising, persistence, commit, HTTP.
 *   Target: p95 <= 15 ms.
 * - first chunk: the built-in local model over its loopback HTTP server (LOCAL_MODEL_CHUNK_DELAY_MS=0),
 *   timed where the server meets it; from the provider handing the server its first chunk to the
 *   client receiving it. Target: <= 50 ms (p95).
 */
import { cpus, loadavg } from 'node:os'

import { aiConfigFromEnv } from '@promptly/ai/config'
import type { AiProvider, TextRequest } from '@promptly/ai/provider'
import { grantCredits } from '@promptly/api/credits/grant-credits'
import { bioValues, createGeneratorTool } from '@promptly/api/generation/testing/generator-tool'

import { createServerAi } from '../src/ai/server-ai.ts'
import { signUpTestAccount, type TestAccount } from '../src/testing/local-accounts.ts'
import { createTestApp } from '../src/testing/test-app.ts'
import { listenOnRandomPort, trpcClient } from '../src/testing/trpc-http.ts'

const RUNS = Number(process.env.BENCH_GENERATION_RUNS ?? 500)
const WARMUP_RUNS = 30
const OVERHEAD_TARGET_MS = 15
const FIRST_CHUNK_TARGET_MS = 50

type DatabaseKind = 'pglite' | 'postgres'
type TestApp = Awaited<ReturnType<typeof createTestApp>>
type BenchClient = ReturnType<typeof trpcClient>

/** What the wrapped provider saw in one run. */
interface ProviderTiming {
  /** When the server got the provider's first chunk. */
  firstChunkAt: number | null
  /**
   * Time the server spent waiting on the provider: from the call to each chunk, not counting the
   * time the server itself spent on the previous chunk (the generator is paused at `yield` then).
   */
  waitedMs: number | null
  /** What it streamed, piece by piece. */
  pieces: string[]
}

/** The real provider, with each streamText call timed where the server meets it. */
function timedProvider(inner: AiProvider, timings: ProviderTiming[]): AiProvider {
  return {
    name: inner.name,
    isLocal: inner.isLocal,
    models: inner.models,
    generateImages: (request) => inner.generateImages(request),
    synthesizeSpeech: (request) => inner.synthesizeSpeech(request),
    transcribe: (request) => inner.transcribe(request),
    async *streamText(request: TextRequest) {
      const timing: ProviderTiming = { firstChunkAt: null, waitedMs: null, pieces: [] }
      timings.push(timing)
      let waited = 0
      let waitingSince = performance.now()
      for await (const piece of inner.streamText(request)) {
        const arrivedAt = performance.now()
        waited += arrivedAt - waitingSince
        timing.firstChunkAt ??= arrivedAt
        timing.pieces.push(piece)
        yield piece
        waitingSince = performance.now()
      }
      timing.waitedMs = waited + (performance.now() - waitingSince)
    },
  }
}

/** A provider that answers at once: `reply`'s chunks, from memory. Everything else goes to `inner`. */
function replayingProvider(inner: AiProvider, reply: readonly string[]): AiProvider {
  return {
    ...inner,
    generateImages: (request) => inner.generateImages(request),
    synthesizeSpeech: (request) => inner.synthesizeSpeech(request),
    transcribe: (request) => inner.transcribe(request),
    async *streamText() {
      yield* reply
    },
  }
}

async function main(): Promise<void> {
  const kinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']
  console.log(
    `Promptly generation bench: Node ${process.version}, ${RUNS} runs (after ${WARMUP_RUNS} warm-up), one at a time`,
  )
  if (!process.env.TEST_DATABASE_URL) console.log('(set TEST_DATABASE_URL to also run on PostgreSQL)')
  // One provider for both databases: the local model server is one per process (see server-ai.ts).
  const serverAi = createServerAi(aiConfigFromEnv({ LOCAL_MODEL_CHUNK_DELAY_MS: '0' }))
  try {
    for (const kind of kinds) await benchDatabase(kind, serverAi.provider)
  } finally {
    await serverAi.close()
  }
}

/** Picks the provider of the pass under way. */
function switchableProvider(passes: Record<'overhead' | 'firstChunk', AiProvider>): {
  provider: AiProvider
  use(pass: 'overhead' | 'firstChunk'): void
} {
  let current = passes.firstChunk
  return {
    provider: {
      ...passes.firstChunk,
      generateImages: (request) => current.generateImages(request),
      synthesizeSpeech: (request) => current.synthesizeSpeech(request),
      transcribe: (request) => current.transcribe(request),
      streamText: (request) => current.streamText(request),
    },
    use(pass) {
      current = passes[pass]
    },
  }
}

interface PassResult {
  totals: number[]
  providerTimes: number[]
  firstChunks: number[]
  baselines: number[]
}

async function benchDatabase(kind: DatabaseKind, localModel: AiProvider): Promise<void> {
  if (kind === 'postgres') process.env.TEST_DB = 'postgres'
  else delete process.env.TEST_DB
  // Millisecond targets mean little on a saturated machine: say how busy it was.
  console.log(`\n== ${kind} == (load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`)
  const timings: ProviderTiming[] = []
  // Filled from the local model's first answer below, then replayed at once by the overhead pass.
  const reply: string[] = []
  const providers = switchableProvider({ overhead: replayingProvider(localModel, reply), firstChunk: localModel })
  const t = await createTestApp({
    env: { RATE_LIMIT_PER_MINUTE: '1000000000', LOG_LEVEL: 'silent' },
    services: { ai: timedProvider(providers.provider, timings) },
  })
  try {
    const baseUrl = await listenOnRandomPort(t.app)
    const tool = await createGeneratorTool(t.db.prisma)
    const client = trpcClient(baseUrl, await fundedAccountBearer(t))

    for await (const event of await client.generation.run.mutate({ toolId: tool.id, groups: bioValues('Bakery 0') }))
      void event
    reply.push(...(timings.at(-1)?.pieces ?? []))
    console.log(
      `  (overhead pass: the provider replays a ${reply.join('').length}-character ` +
        `local model answer, ${reply.length} chunks, at once)`,
    )
    providers.use('overhead')
    const overhead = await runPass(client, tool.id, timings)
    providers.use('firstChunk')
    const streamed = await runPass(client, tool.id, timings)

    printResults(overhead, streamed)
  } finally {
    await t.close()
  }
}

/** A new account with credits for every run of both passes; its bearer header. */
async function fundedAccountBearer(t: TestApp): Promise<TestAccount['bearer']> {
  const account = await signUpTestAccount(t.app)
  await t.db.prisma.$transaction((tx) =>
    grantCredits(tx, {
      userId: account.user.id,
      amount: 2 * (RUNS + WARMUP_RUNS),
      reason: 'admin_topup',
      reference: `bench-${Date.now()}`,
    }),
  )
  return account.bearer
}

/** WARMUP_RUNS + RUNS generations one at a time, each followed by the baseline call; the warm-up is not kept. */
async function runPass(client: BenchClient, toolId: string, timings: ProviderTiming[]): Promise<PassResult> {
  const result: PassResult = { totals: [], providerTimes: [], firstChunks: [], baselines: [] }
  for (let run = 0; run < WARMUP_RUNS + RUNS; run += 1) {
    const startedAt = performance.now()
    let firstChunkSeenAt: number | null = null
    let done = false
    for await (const event of await client.generation.run.mutate({
      toolId,
      groups: bioValues(`Bakery ${run % 50}`),
    })) {
      if (event.type === 'chunk') firstChunkSeenAt ??= performance.now()
      if (event.type === 'done') done = true
    }
    const total = performance.now() - startedAt
    const timing = timings.at(-1)
    if (!done || !timing || timing.firstChunkAt === null || timing.waitedMs === null || firstChunkSeenAt === null)
      throw new Error(`run ${run} did not complete`)
    // Baseline in the same conditions: the cheapest authenticated call (session, one query, HTTP).
    const baselineStartedAt = performance.now()
    await client.credits.limits.query()
    const baseline = performance.now() - baselineStartedAt
    if (run < WARMUP_RUNS) continue
    result.baselines.push(baseline)
    result.totals.push(total)
    result.providerTimes.push(timing.waitedMs)
    result.firstChunks.push(firstChunkSeenAt - timing.firstChunkAt)
  }
  return result
}

/** Both passes' percentiles against their targets. */
function printResults(overhead: PassResult, streamed: PassResult): void {
  const verdict = (value: number, target: number) => (value <= target ? 'ok' : 'MISSED')
  const line = (label: string, values: number[]) =>
    `  ${label.padEnd(36)} p50 ${ms(percentile(values, 50))}  p95 ${ms(percentile(values, 95))}`
  console.log(line('baseline: credits.limits', overhead.baselines) + '  (auth + one query + HTTP)')
  console.log(line('provider answering at once', overhead.providerTimes))
  const overheadP95 = percentile(overhead.totals, 95)
  console.log(
    line('server overhead (client-observed)', overhead.totals) +
      `  [target p95 <= ${OVERHEAD_TARGET_MS} ms: ${verdict(overheadP95, OVERHEAD_TARGET_MS)}]`,
  )
  console.log(line('local model, client-observed', streamed.totals))
  console.log(line('local model (its own time)', streamed.providerTimes))
  const firstChunkP95 = percentile(streamed.firstChunks, 95)
  console.log(
    line('provider first chunk -> client', streamed.firstChunks) +
      `  [target <= ${FIRST_CHUNK_TARGET_MS} ms: ${verdict(firstChunkP95, FIRST_CHUNK_TARGET_MS)}]`,
  )
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

const ms = (value: number) => `${value.toFixed(2)} ms`

await main()
