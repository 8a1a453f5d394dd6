/**
 * `npm run bench` (after the catalogue bench): the server's own cost of one text generation, and
 * how fast the first chunk reaches the client, on PGlite and (when TEST_DATABASE_URL is set)
 * PostgreSQL. Scratch databases only.
 *
 * The provider is the built-in local model answering at once (LOCAL_MODEL_CHUNK_DELAY_MS=0), wrapped
 * so that its own time is measured inside the server. Each run is a real `generation.run` over HTTP
 * through @trpc/client's httpBatchStreamLink, one at a time, as a signed-in user:
 * - overhead = client-observed time of the whole generation - the provider's time in that same run:
 *   auth, validation, prompt, reservation, streaming out, sanitising, persistence, commit, HTTP.
 *   Target: p95 <= 15 ms.
 * - first chunk = from the provider handing the server its first chunk to the client receiving it.
 *   Target: <= 50 ms (p95).
 */
import { cpus, loadavg } from 'node:os'
import { aiConfigFromEnv } from '@promptly/ai/config'
import type { AiProvider, TextRequest } from '@promptly/ai/provider'
import { grantCredits } from '@promptly/api/credits/ledger'
import { createServerAi } from '../src/ai/server-ai.ts'
import { bioValues, createGeneratorTool } from '../src/testing/generation-fixtures.ts'
import { signUpTestAccount } from '../src/testing/local-accounts.ts'
import { createTestApp } from '../src/testing/test-app.ts'
import { listenOnRandomPort, trpcClient } from '../src/testing/trpc-http.ts'

const RUNS = Number(process.env.BENCH_GENERATION_RUNS ?? 500)
const WARMUP_RUNS = 30
const OVERHEAD_TARGET_MS = 15
const FIRST_CHUNK_TARGET_MS = 50

type DatabaseKind = 'pglite' | 'postgres'

/** What the wrapped provider saw in one run. */
interface ProviderTiming {
  /** When the server got the provider's first chunk. */
  firstChunkAt: number | null
  /**
   * Time the server spent waiting on the provider: from the call to each chunk, not counting the
   * time the server itself spent on the previous chunk (the generator is paused at `yield` then).
   */
  waitedMs: number | null
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
      const timing: ProviderTiming = { firstChunkAt: null, waitedMs: null }
      timings.push(timing)
      let waited = 0
      let waitingSince = performance.now()
      for await (const piece of inner.streamText(request)) {
        const arrivedAt = performance.now()
        waited += arrivedAt - waitingSince
        timing.firstChunkAt ??= arrivedAt
        yield piece
        waitingSince = performance.now()
      }
      timing.waitedMs = waited + (performance.now() - waitingSince)
    },
  }
}

async function main(): Promise<void> {
  const kinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']
  console.log(`Promptly generation bench: Node ${process.version}, ${RUNS} runs (after ${WARMUP_RUNS} warm-up), one at a time`)
  if (!process.env.TEST_DATABASE_URL) console.log('(set TEST_DATABASE_URL to also run on PostgreSQL)')
  // One provider for both databases: the local model server is one per process (see server-ai.ts).
  const serverAi = createServerAi(aiConfigFromEnv({ LOCAL_MODEL_CHUNK_DELAY_MS: '0' }))
  try {
    for (const kind of kinds) await benchDatabase(kind, serverAi.provider)
  } finally {
    await serverAi.close()
  }
}

async function benchDatabase(kind: DatabaseKind, provider: AiProvider): Promise<void> {
  if (kind === 'postgres') process.env.TEST_DB = 'postgres'
  else delete process.env.TEST_DB
  // Millisecond targets mean little on a saturated machine: say how busy it was.
  console.log(`\n== ${kind} == (load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`)
  const timings: ProviderTiming[] = []
  const t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000000', LOG_LEVEL: 'silent' }, ai: timedProvider(provider, timings) })
  try {
    const baseUrl = await listenOnRandomPort(t.app)
    const tool = await createGeneratorTool(t.db.prisma)
    const account = await signUpTestAccount(t.app)
    await t.db.prisma.$transaction((tx) =>
      grantCredits(tx, { userId: account.user.id, amount: RUNS + WARMUP_RUNS, reason: 'admin_topup', reference: `bench-${Date.now()}` }),
    )
    const client = trpcClient(baseUrl, account.bearer)

    const overheads: number[] = []
    const firstChunks: number[] = []
    const totals: number[] = []
    const providerTimes: number[] = []
    // Baseline in the same conditions: the cheapest authenticated call (session, one query, HTTP).
    const baselines: number[] = []
    for (let run = 0; run < WARMUP_RUNS + RUNS; run += 1) {
      const startedAt = performance.now()
      let firstChunkSeenAt: number | null = null
      let done = false
      for await (const event of await client.generation.run.mutate({ toolId: tool.id, groups: bioValues(`Bakery ${run % 50}`) })) {
        if (event.type === 'chunk') firstChunkSeenAt ??= performance.now()
        if (event.type === 'done') done = true
      }
      const total = performance.now() - startedAt
      const timing = timings.at(-1)
      if (!done || !timing || timing.firstChunkAt === null || timing.waitedMs === null || firstChunkSeenAt === null) throw new Error(`run ${run} did not complete`)
      const baselineStartedAt = performance.now()
      await client.credits.limits.query()
      const baseline = performance.now() - baselineStartedAt
      if (run < WARMUP_RUNS) continue
      baselines.push(baseline)
      const providerTime = timing.waitedMs
      totals.push(total)
      providerTimes.push(providerTime)
      overheads.push(total - providerTime)
      firstChunks.push(firstChunkSeenAt - timing.firstChunkAt)
    }
    const verdict = (value: number, target: number) => (value <= target ? 'ok' : 'MISSED')
    console.log(`  baseline: credits.limits    p50 ${ms(percentile(baselines, 50))}  p95 ${ms(percentile(baselines, 95))}  (auth + one query + HTTP)`)
    console.log(`  client-observed generation  p50 ${ms(percentile(totals, 50))}  p95 ${ms(percentile(totals, 95))}`)
    console.log(`  provider (local model)      p50 ${ms(percentile(providerTimes, 50))}  p95 ${ms(percentile(providerTimes, 95))}`)
    const overheadP95 = percentile(overheads, 95)
    console.log(`  server overhead             p50 ${ms(percentile(overheads, 50))}  p95 ${ms(overheadP95)}  [target p95 <= ${OVERHEAD_TARGET_MS} ms: ${verdict(overheadP95, OVERHEAD_TARGET_MS)}]`)
    const firstChunkP95 = percentile(firstChunks, 95)
    console.log(`  provider first chunk -> client  p50 ${ms(percentile(firstChunks, 50))}  p95 ${ms(firstChunkP95)}  [target <= ${FIRST_CHUNK_TARGET_MS} ms: ${verdict(firstChunkP95, FIRST_CHUNK_TARGET_MS)}]`)
  } finally {
    await t.close()
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

const ms = (value: number) => `${value.toFixed(2)} ms`

await main()
