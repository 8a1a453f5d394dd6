/**
 * `npm run bench` (skipped without TEST_DATABASE_URL and TEST_REDIS_URL): a bulk job of BULK_ROWS rows
 * on two server processes (the built entry) sharing one PostgreSQL database and one Redis (BullMQ),
 * against an OpenAI-compatible fake that answers every request after PROVIDER_LATENCY_MS, with
 * WORKERS rows running at once across both instances. Reports:
 * - the job's wall time against the provider-bound ideal (rows x latency / workers), as a ratio (1 is
 *   the ideal; the target is at least 0.8);
 * - each instance's peak RSS while the job runs (its /metrics, read every second);
 * - a single interactive generation's latency, p50 and p95, made every INTERACTIVE_GAP_MS by another
 *   user during the job, against the same measured on the idle cluster first (target: p95 at most
 *   1.5x idle);
 * - the ledger: the owner's balance against their ledger sum, and the job's charge against rows x cost;
 * and the machine's load before and after (the figures move with it).
 */
import { cpus, loadavg } from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'

import { CREDIT_COSTS } from '@promptly/core/credits/costs'

import { scrapeMetrics } from '../src/metrics/testing/scrape-metrics.ts'
import { startPacedChatAi } from '../src/testing/paced-chat-ai.ts'
import { trpcOn } from '../src/testing/process-client.ts'
import { freePort } from '../src/testing/server-processes.ts'
import { startTwoInstanceCluster, type TwoInstanceCluster } from '../src/testing/two-instance-cluster.ts'
import { adminOn, builtToolOn, fundedAccountOn, ledgerOf, toolValues } from '../src/testing/two-instance-scenarios.ts'
import { percentile as sortedPercentile } from './soak-figures.ts'

const BULK_ROWS = Number(process.env.BENCH_BULK_ROWS ?? 10_000)
const PROVIDER_LATENCY_MS = 200
const WORKERS = 50
const INTERACTIVE_GAP_MS = 500
const IDLE_SAMPLES = 20
/** A ceiling: a job still running after this is reported as such, not waited for. */
const JOB_CEILING_MS = 15 * 60_000

const print = (line = '') => process.stdout.write(`${line}\n`)

async function main(): Promise<void> {
  const postgresUrl = process.env.TEST_DATABASE_URL
  const redisUrl = process.env.TEST_REDIS_URL
  if (!postgresUrl || !redisUrl) {
    print('bulk bench skipped: set TEST_DATABASE_URL and TEST_REDIS_URL')
    return
  }
  const loadBefore = loadavg()
  const provider = await startPacedChatAi(PROVIDER_LATENCY_MS)
  const metricsPorts = [await freePort(), await freePort()]
  let cluster: TwoInstanceCluster | undefined
  try {
    cluster = await startTwoInstanceCluster({
      postgresUrl,
      redisUrl,
      env: {
        ...provider.env,
        // The suites' per-client limit (5 a minute) would refuse the progress polls and the probes.
        RATE_LIMIT_PER_MINUTE: '1000000',
        BULK_MAX_ROWS: String(BULK_ROWS),
        BULK_CONCURRENCY: String(WORKERS / 2),
        BULK_OWNER_IN_FLIGHT: String(WORKERS * 2),
        BULK_PROVIDER_RATE_PER_MINUTE: '1000000',
      },
      envFor: (index) => ({ METRICS_PORT: String(metricsPorts[index]) }),
    })
    await run(cluster, provider.arrivals, metricsPorts)
  } finally {
    await cluster?.close()
    await provider.close()
  }
  print(`load average before ${fmt(loadBefore)}, after ${fmt(loadavg())} (${cpus().length} cores)`)
}

async function run(cluster: TwoInstanceCluster, arrivals: () => readonly number[], metricsPorts: number[]) {
  const [first, second] = cluster.instances
  const admin = await adminOn(cluster, first)
  const tool = await builtToolOn(first, admin)
  const owner = await fundedAccountOn(cluster, admin, 'Bench Bulk Owner', BULK_ROWS * CREDIT_COSTS.text)
  const other = await fundedAccountOn(cluster, admin, 'Bench Interactive User', 10_000)
  const interactive = trpcOn(second, other)
  const generateOnce = async () => {
    const started = performance.now()
    for await (const event of await interactive.generation.run.mutate({ toolId: tool.id, groups: toolValues('x') })) {
      if (event.type === 'done') break
    }
    return performance.now() - started
  }
  const idle: number[] = []
  for (let index = 0; index < IDLE_SAMPLES; index += 1) idle.push(await generateOnce())

  const rows = Array.from({ length: BULK_ROWS }, (_, index) => toolValues(`Product ${index + 1}`))
  const jobStarted = performance.now()
  const created = await trpcOn(first, owner).bulk.create.mutate({ toolId: tool.id, source: { kind: 'rows', rows } })
  const createdMs = performance.now() - jobStarted
  const peakRss = [0, 0]
  const during: number[] = []
  let finished = false
  const sampling = (async () => {
    while (!finished) {
      for (const [index, port] of metricsPorts.entries()) {
        const rss = (await scrapeMetrics(port)).value('process_resident_memory_bytes') ?? 0
        peakRss[index] = Math.max(peakRss[index] ?? 0, rss)
      }
      await sleep(1000)
    }
  })()
  const probing = (async () => {
    while (!finished) {
      during.push(await generateOnce())
      await sleep(INTERACTIVE_GAP_MS)
    }
  })()
  const owners = trpcOn(first, owner)
  let job = await owners.bulk.get.query({ jobId: created.jobId })
  // When the job passed a tenth and nine tenths of its rows: the steady rate, without start and tail.
  const passed: { tenth?: number; nineTenths?: number } = {}
  while (job.status === 'running' && performance.now() - jobStarted < JOB_CEILING_MS) {
    await sleep(250)
    job = await owners.bulk.get.query({ jobId: created.jobId })
    if (job.done >= BULK_ROWS / 10) passed.tenth ??= performance.now()
    if (job.done >= (BULK_ROWS * 9) / 10) passed.nineTenths ??= performance.now()
  }
  const wallMs = performance.now() - jobStarted
  finished = true
  await Promise.all([sampling, probing])

  const idealMs = (BULK_ROWS * PROVIDER_LATENCY_MS) / WORKERS
  const ledger = await ledgerOf(cluster.db.prisma, owner.user.id)
  print(`bulk: ${BULK_ROWS} rows, provider ${PROVIDER_LATENCY_MS} ms, ${WORKERS} workers over 2 instances`)
  print(`  status ${job.status}: ${job.done} done, ${job.failed} failed, ${job.invalid} invalid`)
  const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`
  print(`  wall ${seconds(wallMs)}, ideal ${seconds(idealMs)}: ratio ${(idealMs / wallMs).toFixed(2)}`)
  const steadyRate =
    passed.tenth && passed.nineTenths ? (0.8 * BULK_ROWS) / ((passed.nineTenths - passed.tenth) / 1000) : Number.NaN
  print(
    `  created in ${seconds(createdMs)}; rows a second from a tenth to nine tenths done ${steadyRate.toFixed(0)} ` +
      `(ideal ${((1000 * WORKERS) / PROVIDER_LATENCY_MS).toFixed(0)})`,
  )
  print(`  provider requests ${arrivals().length} (rows plus ${IDLE_SAMPLES + during.length} interactive)`)
  print(`  peak RSS ${peakRss.map((bytes) => `${(bytes / 1048576).toFixed(0)} MB`).join(' / ')}`)
  const idleP95 = percentile(idle, 95)
  const duringP95 = percentile(during, 95)
  print(
    `  interactive generation p50/p95: idle ${ms(percentile(idle, 50))}/${ms(idleP95)}, during the job ` +
      `${ms(percentile(during, 50))}/${ms(duringP95)} (${during.length} runs): ` +
      `ratio ${(duringP95 / idleP95).toFixed(2)}`,
  )
  print(
    `  charged ${job.creditsUsed} credits for ${job.done} rows (cost ${CREDIT_COSTS.text}); ` +
      `balance ${ledger.balance}, ledger sum ${ledger.ledgerSum}`,
  )
}

/** Nearest-rank, as the soak reports it. */
const percentile = (values: readonly number[], p: number) =>
  sortedPercentile(
    [...values].sort((a, b) => a - b),
    p,
  ) ?? Number.NaN
const ms = (value: number) => `${value.toFixed(0)} ms`
const fmt = (load: number[]) => load.map((value) => value.toFixed(2)).join(' ')

await main()
