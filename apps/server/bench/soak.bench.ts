/**
 * `npm run bench -- soak` (not part of CI, nor of a plain `npm run bench`): two built server
 * processes on a fresh PostgreSQL database and one Redis (TEST_DATABASE_URL, TEST_REDIS_URL), behind
 * a round-robin proxy, with an OpenAI-compatible fake paced like a real provider, under a steady mix
 * of requests at fixed rates (soak-settings.ts) for SOAK_MINUTES (default 30). Each minute: p50/p99
 * and errors per kind, RSS, heap and event-loop lag per instance (their /metrics), sessions on the
 * database, Redis memory. At the end: memory flat, p99 steady, no errors, every balance equal to its
 * ledger (soak-verdicts.ts); the figures go to docs/soak/ as JSON and SVG, and the summary to
 * docs/soak.md. Exits 1 when a criterion fails.
 */
import { cpus, loadavg } from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'

import { RESERVATION_SWEEP_INTERVAL_MS } from '../src/credits/reservation-sweeping.ts'
import { LEASE_TTL_MS } from '../src/instances/instance-lease.ts'
import type { Origin } from '../src/testing/process-client.ts'
import { freePort } from '../src/testing/server-processes.ts'
import { startTwoInstanceCluster, type TwoInstanceCluster } from '../src/testing/two-instance-cluster.ts'
import { startLoopStallMeter, type LoopStallMeter } from './loop-stall-meter.ts'
import { checkLedger, minuteFigures, runFigures, type KindFigures, type MinuteFigures } from './soak-figures.ts'
import { proxyP99sByMinute, slowAnswersBesideImages, slowestAnswers } from './soak-proxy-timing.ts'
import { minutes, printSoakReport, updateSoakPage, writeSoakFiles, type SoakRecord } from './soak-report.ts'
import { startSoakRig, type SoakRig } from './soak-rig.ts'
import { createSampler, type ResourceSample, type Sampler } from './soak-sampler.ts'
import { createRequestLog, runAtFixedRates, type Flow, type RequestLog } from './soak-schedule.ts'
import {
  PROVIDER_TIMING,
  SAMPLES_PER_MINUTE,
  SLOWEST_KEPT,
  SOAK_FLOW_RATES,
  SOAK_KINDS,
  SOAK_RATE_LIMIT_PER_MINUTE,
  SOAK_REDIS_DB,
  SOAK_REQUESTS_PER_SECOND,
  soakSettingsFromEnv,
  type SoakSettings,
} from './soak-settings.ts'
import { setUpWorld, soakFlows } from './soak-traffic.ts'
import { ledgerBalanced, memoryFlat, noErrors, p99Steady } from './soak-verdicts.ts'

const print = (line = '') => process.stdout.write(`${line}\n`)

async function main(): Promise<void> {
  const settings = readSettings()
  if (!settings) return
  const rates = Object.entries(SOAK_FLOW_RATES).map(([flow, rate]) => `${flow} ${+rate.toFixed(3)}`)
  const rate = `${SOAK_REQUESTS_PER_SECOND.toFixed(2)} requests/s`
  print(`soak: ${minutes(settings.minutes)}, ${rate} (per s: ${rates.join(', ')})`)
  // Closed last first, whatever was started before a failure.
  const started: (() => Promise<unknown>)[] = []
  try {
    const rig = await startSoakRig()
    started.push(() => rig.close())
    const metricsPorts = [await freePort(), await freePort()]
    const cluster = await startTwoInstanceCluster({
      postgresUrl: settings.postgresUrl,
      redisUrl: settings.redisUrl,
      redisDb: SOAK_REDIS_DB,
      env: {
        ...rig.providerEnv,
        // An operator's settings, not the suites' (which sweep every half second and limit at 5 a minute).
        RATE_LIMIT_PER_MINUTE: String(SOAK_RATE_LIMIT_PER_MINUTE),
        INSTANCE_LEASE_TTL_MS: String(LEASE_TTL_MS),
        RESERVATION_SWEEP_INTERVAL_MS: String(RESERVATION_SWEEP_INTERVAL_MS),
      },
      envFor: (index) => ({ METRICS_PORT: String(metricsPorts[index]) }),
    })
    started.push(() => cluster.close())
    const proxy = await rig.startProxy(cluster.instances)
    const sampler = await createSampler(
      cluster.instances.map((instance, index) => ({ name: instance.name, metricsPort: metricsPorts[index]! })),
      cluster.db,
      cluster.redisUrl,
    )
    started.push(() => sampler.close())
    const stalls = startLoopStallMeter()
    started.push(async () => stalls.stop())
    const record = await soak(settings, { cluster, proxy, rig, sampler, stalls })
    printSoakReport(record)
    const files = await writeSoakFiles(record, settings.outDir)
    const paged = settings.docPath !== null && (await updateSoakPage(settings.docPath, record, files))
    print(`\nwrote ${files.json}\n      ${files.svg}${paged ? `\n      ${settings.docPath} (latest figures)` : ''}`)
    if (!record.pass) process.exitCode = 1
  } finally {
    for (const close of started.reverse()) await close().catch((error: unknown) => console.error(error))
  }
}

/** The settings, or null (and exit code 1) with the problems on one line: the operator's fix, not a crash. */
function readSettings(): SoakSettings | null {
  try {
    return soakSettingsFromEnv()
  } catch (error) {
    console.error(`soak: ${error instanceof Error ? error.message : String(error)}`)
    process.exitCode = 1
    return null
  }
}

interface Rig {
  cluster: TwoInstanceCluster
  /** The proxy's address (it runs in the rig's process). */
  proxy: Origin
  rig: SoakRig
  sampler: Sampler
  stalls: LoopStallMeter
}

/** Sets up the callers, runs the mix for the minutes asked while sampling, and judges the run. */
async function soak(settings: SoakSettings, { cluster, proxy, rig, sampler, stalls }: Rig): Promise<SoakRecord> {
  const world = await setUpWorld(proxy, cluster)
  const warmup = await warmUp(settings.warmupSeconds, (log) => soakFlows(proxy, cluster, world, log))
  const names = cluster.instances.map((instance) => instance.name)
  const loadAverageBefore = loadavg()
  const startedAt = new Date().toISOString()
  const t0 = performance.now()
  const log = createRequestLog(t0)
  const durationMs = settings.minutes * 60_000
  stalls.endMinute(0)
  const sampling = sampleEvery(sampler, t0, settings.minutes, (samples, minute) => {
    stalls.endMinute(minute)
    print(progressLine(minuteFigures(minute, log, samples, names, stalls.maxMs(minute)), settings.minutes))
  })
  const running = await runAtFixedRates(soakFlows(proxy, cluster, world, log), durationMs, t0)
  const [samples] = await Promise.all([sampling, Promise.all(running)])
  const perMinute = Array.from({ length: settings.minutes }, (_, index) =>
    minuteFigures(index + 1, log, samples, names, stalls.maxMs(index + 1)),
  )
  const counts = await rig.counts()
  const t0EpochMs = performance.timeOrigin + t0
  const proxyP99s = proxyP99sByMinute(counts.proxyTimings, t0EpochMs, settings.minutes)
  const measured = counts.proxyTimings.filter(([, atMs]) => atMs >= t0EpochMs && atMs < t0EpochMs + durationMs)
  const ledger = await checkLedger(cluster.db.prisma)
  const readFailures = sampler.failures()
  const verdicts = [
    memoryFlat(perMinute, names),
    p99Steady(perMinute),
    noErrors(perMinute, readFailures, warmup.errors),
    ledgerBalanced(ledger),
  ]
  return {
    startedAt,
    minutes: settings.minutes,
    warmup,
    requestsPerSecond: SOAK_REQUESTS_PER_SECOND,
    flowsPerSecond: { ...SOAK_FLOW_RATES },
    providerTiming: { ...PROVIDER_TIMING, ...prefixed('calls ', counts.providerCalls) },
    cpus: cpus().length,
    loadAverageBefore,
    loadAverageAfter: loadavg(),
    forwarded: counts.forwarded,
    proxyFailures: counts.proxyFailures,
    perMinute,
    atProxy: {
      p99ByMinute: proxyP99s,
      slowBesideImages: slowAnswersBesideImages(measured, proxyP99s),
      slowest: Object.fromEntries(
        SOAK_KINDS.map((kind) => [kind, slowestAnswers(measured, kind, t0EpochMs, SLOWEST_KEPT)]),
      ),
    },
    whole: runFigures(log, settings.minutes),
    errorSamples: log.errorSamples(),
    readFailures,
    ledger,
    verdicts,
    pass: verdicts.every((verdict) => verdict.pass),
  }
}

/**
 * The mix for `seconds` before the clock starts, unmeasured: the instances have compiled their hot
 * code and filled their caches by minute 1, so its p99 is not a cold start's. Its failures count.
 */
async function warmUp(seconds: number, flows: (log: RequestLog) => Flow[]): Promise<SoakRecord['warmup']> {
  const started = performance.now()
  const log = createRequestLog(started)
  await Promise.all(await runAtFixedRates(flows(log), seconds * 1000, started))
  const figures = Object.values(runFigures(log, Math.ceil(seconds / 60) + 1))
  const total = (pick: (kind: KindFigures) => number) => figures.reduce((sum, kind) => sum + pick(kind), 0)
  return {
    seconds,
    requests: total((kind) => kind.requests),
    errors: total((kind) => kind.errors),
    errorSamples: log.errorSamples(),
  }
}

/**
 * Samples SAMPLES_PER_MINUTE times a minute for `minutes` minutes from `t0`, each filed at its planned
 * time (a sample taken a little late still belongs to its minute); calls `onMinute` at each minute's end.
 */
async function sampleEvery(
  sampler: Sampler,
  t0: number,
  minutes: number,
  onMinute: (samples: readonly ResourceSample[], minute: number) => void,
): Promise<ResourceSample[]> {
  // Taken as the clock starts: what minute 1's counters (autovacuum runs) are measured from.
  const samples: ResourceSample[] = [await sampler.sample(0)]
  const interval = 60_000 / SAMPLES_PER_MINUTE
  for (let index = 1; index <= minutes * SAMPLES_PER_MINUTE; index += 1) {
    await sleep(Math.max(0, t0 + index * interval - performance.now()))
    samples.push(await sampler.sample(index * interval))
    if (index % SAMPLES_PER_MINUTE === 0) onMinute(samples, index / SAMPLES_PER_MINUTE)
  }
  return samples
}

/** One line a minute while the run goes: what has come back of the minute's requests so far. */
function progressLine(m: MinuteFigures, minutes: number): string {
  const kinds = Object.values(m.kinds)
  const requests = kinds.reduce((sum, kind) => sum + kind.requests, 0)
  const errors = kinds.reduce((sum, kind) => sum + kind.errors, 0)
  const rss = m.instances.map((i) => (i.rssMeanBytes === null ? '-' : (i.rssMeanBytes / 1048576).toFixed(0))).join('/')
  const p99 = m.kinds.generation.p99Ms
  return (
    `minute ${m.minute}/${minutes}: ${requests} requests, ${errors} errors, generation p99 ` +
    `${p99 === null ? '-' : p99.toFixed(0)} ms, RSS ${rss} MB, pg sessions ${m.pgConnectionsMax ?? '-'}, ` +
    `redis ${m.redisUsedMemoryBytes === null ? '-' : (m.redisUsedMemoryBytes / 1048576).toFixed(1)} MB`
  )
}

function prefixed(prefix: string, values: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [`${prefix}${key}`, value]))
}

await main()
