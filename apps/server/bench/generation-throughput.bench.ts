/**
 * `npm run bench`: text generations under concurrent load, through the portal, against the same
 * requests sent straight to the provider, in one run, paired.
 *
 * The portal is the built server (apps/server/dist/main.js, or SERVER_PROCESSES_ENTRY) started as an
 * operator starts it, in production mode, on a new PGlite folder and (when TEST_DATABASE_URL is set)
 * on a new PostgreSQL database. Its AI is an OpenAI-compatible provider in a process of its own
 * (chat-provider-process.ts): `fast` answers at once, so a generation's time is the portal's own;
 * `realistic` streams 20 chunks 25 ms apart. The load comes from this process, as USERS signed-in
 * people (their accounts, sessions, API keys and credits written before the server starts):
 * - `rest`: the legacy door scripts use, POST /api/v1/objects/getResponseOfObject/<tool> with an API key;
 * - `trpc`: `generation.run` streamed through httpBatchStreamLink, as the web app makes it.
 *
 * Each case (database x provider x door x concurrency N) runs ROUNDS rounds of: N requests straight
 * to the provider, N generations at once through the portal, and N straight requests again. The
 * ratio is the direct median wall time over the portal's (1 would be a portal that costs nothing);
 * the two direct runs against each other give the noise floor. Beside it: the generations' latency
 * p50/p95/p99, errors, the server's peak RSS during the case (VmHWM, reset before it) and its
 * event-loop lag p99 (prom-client's, read from /metrics around each portal run) and its CPU time per
 * generation (user + system, which moves less with the machine's load than wall time does).
 * At the end every account's balance must equal its ledger, and the charges the successes.
 *
 * Targets (fast provider, PostgreSQL): ratio >= 0.6 at 200, no errors at 1,000, peak RSS <= 400 MB at
 * 1,000, event-loop lag p99 <= 50 ms at 200. Figures move with the machine's load: printed first and last.
 *
 * Knobs: BENCH_DB=pglite|postgres, BENCH_CONCURRENCY=10,200,1000, BENCH_DOORS=rest,trpc,
 * BENCH_PROVIDERS=fast,realistic, BENCH_ROUNDS=3, BENCH_SERVER_NODE_FLAGS (node flags for the
 * server, to profile it).
 */
import { cpus, loadavg } from 'node:os'

import { CREDIT_COSTS } from '@promptly/core/credits/costs'
import { median } from '@promptly/core/stats/median'

import {
  checkLedgers,
  direct,
  startPortal,
  startProvider,
  USERS,
  viaRest,
  viaTrpc,
  type DatabaseKind,
  type Door,
  type Portal,
  type ProviderMode,
  type ProviderProcess,
} from './generation-portal.ts'
import { cpuTimeMs, loopLagP99Ms, peakRssMb, resetPeakRss } from './server-process-gauges.ts'
import { percentile } from './soak-figures.ts'

const listed = (value: string | undefined, fallback: string) =>
  (value ?? fallback)
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

const CONCURRENCIES = listed(process.env.BENCH_CONCURRENCY, '10,200,1000').map(Number)
const DOORS = listed(process.env.BENCH_DOORS, 'rest,trpc') as Door[]
const MODES = listed(process.env.BENCH_PROVIDERS, 'fast,realistic') as ProviderMode[]
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const TARGETS = { ratioAt200: 0.6, rssMbAt1000: 400, loopLagMsAt200: 50 }

const print = (line = '') => process.stdout.write(`${line}\n`)
const load = () => loadavg()[0]!.toFixed(2)

interface RunFigures {
  wallMs: number
  latenciesMs: number[]
  errors: Map<string, number>
}

interface CaseFigures {
  direct: number[]
  directAgain: number[]
  portal: RunFigures[]
  peakRssMb: number | null
  loopLagP99Ms: number
  /** The server's CPU time (user + system) over its portal runs, per generation asked for. */
  serverCpuMsEach: number
}

async function timedAll(count: number, one: (index: number) => Promise<void>): Promise<RunFigures> {
  const latenciesMs: number[] = []
  const errors = new Map<string, number>()
  const startedAt = performance.now()
  await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const began = performance.now()
      try {
        await one(index)
        latenciesMs.push(performance.now() - began)
      } catch (error) {
        const key = error instanceof Error ? error.message.slice(0, 120) : String(error)
        errors.set(key, (errors.get(key) ?? 0) + 1)
      }
    }),
  )
  return { wallMs: performance.now() - startedAt, latenciesMs, errors }
}

function portalRun(portal: Portal, door: Door, count: number): Promise<RunFigures> {
  return timedAll(count, async (index) => {
    const user = portal.users[index % portal.users.length]!
    await (door === 'rest' ? viaRest(portal, user) : viaTrpc(user))
    user.successes += 1
  })
}

async function directRun(provider: ProviderProcess, count: number): Promise<number> {
  const run = await timedAll(count, () => direct(provider))
  if (run.errors.size > 0) throw new Error(`the provider failed: ${[...run.errors.keys()].join('; ')}`)
  return run.wallMs
}

/** Zeroes the process's peak RSS (Linux: `5` to clear_refs), so VmHWM is the peak from now on. */
async function runCase(portal: Portal, provider: ProviderProcess, door: Door, count: number): Promise<CaseFigures> {
  const figures: CaseFigures = {
    direct: [],
    directAgain: [],
    portal: [],
    peakRssMb: null,
    loopLagP99Ms: 0,
    serverCpuMsEach: 0,
  }
  const rssReset = resetPeakRss(portal.server.pid)
  let cpuMs = 0
  for (let round = 0; round < ROUNDS; round += 1) {
    figures.direct.push(await directRun(provider, count))
    await loopLagP99Ms(portal.metricsPort)
    const cpuBefore = cpuTimeMs(portal.server.pid)
    figures.portal.push(await portalRun(portal, door, count))
    cpuMs += cpuTimeMs(portal.server.pid) - cpuBefore
    figures.loopLagP99Ms = Math.max(figures.loopLagP99Ms, await loopLagP99Ms(portal.metricsPort))
    figures.directAgain.push(await directRun(provider, count))
  }
  figures.serverCpuMsEach = cpuMs / (count * ROUNDS)
  figures.peakRssMb = rssReset ? peakRssMb(portal.server.pid) : null
  return figures
}

// ---------------------------------------------------------------------------------------------------
// Report

const ms = (value: number | null) => (value === null || Number.isNaN(value) ? '   n/a' : value.toFixed(0).padStart(6))

interface Verdict {
  what: string
  ok: boolean
}

function reportCase(
  kind: DatabaseKind,
  mode: ProviderMode,
  door: Door,
  count: number,
  figures: CaseFigures,
  verdicts: Verdict[],
): void {
  const directMs = median(figures.direct)
  const portalMs = median(figures.portal.map((run) => run.wallMs))
  const ratio = directMs / portalMs
  const noise = directMs / median(figures.directAgain)
  const latencies = figures.portal.flatMap((run) => run.latenciesMs).sort((a, b) => a - b)
  const errors = new Map<string, number>()
  for (const run of figures.portal) for (const [key, n] of run.errors) errors.set(key, (errors.get(key) ?? 0) + n)
  const errorCount = [...errors.values()].reduce((sum, n) => sum + n, 0)
  print(
    `  ${door.padEnd(4)} ${String(count).padStart(5)}  direct ${ms(directMs)} ms  portal ${ms(portalMs)} ms  ` +
      `ratio ${ratio.toFixed(2)} (noise ${noise.toFixed(2)})  p50/p95/p99 ${ms(percentile(latencies, 50))}` +
      `${ms(percentile(latencies, 95))}${ms(percentile(latencies, 99))} ms  errors ${errorCount}  ` +
      `peak RSS ${figures.peakRssMb === null ? 'n/a' : `${figures.peakRssMb.toFixed(0)} MB`}  ` +
      `loop lag p99 ${figures.loopLagP99Ms.toFixed(0)} ms  server CPU ${figures.serverCpuMsEach.toFixed(2)} ms each`,
  )
  for (const [key, n] of errors) print(`         ${n} x ${key}`)
  if (kind !== 'postgres' || mode !== 'fast') return
  const label = `${door} on PostgreSQL, fast provider`
  if (count === 200) {
    verdicts.push({
      what: `${label}: ratio ${ratio.toFixed(2)} at 200 >= ${TARGETS.ratioAt200}`,
      ok: ratio >= TARGETS.ratioAt200,
    })
    verdicts.push({
      what: `${label}: loop lag p99 ${figures.loopLagP99Ms.toFixed(0)} ms at 200 <= ${TARGETS.loopLagMsAt200} ms`,
      ok: figures.loopLagP99Ms <= TARGETS.loopLagMsAt200,
    })
  }
  if (count === 1000) {
    verdicts.push({ what: `${label}: ${errorCount} errors at 1,000`, ok: errorCount === 0 })
    verdicts.push({
      what: `${label}: peak RSS ${figures.peakRssMb?.toFixed(0) ?? 'n/a'} MB at 1,000 <= ${TARGETS.rssMbAt1000} MB`,
      ok: figures.peakRssMb !== null && figures.peakRssMb <= TARGETS.rssMbAt1000,
    })
  }
}

async function benchDatabase(kind: DatabaseKind, provider: ProviderProcess, verdicts: Verdict[]): Promise<void> {
  const perUser = Math.ceil(
    (CONCURRENCIES.reduce((sum, n) => sum + n, 0) * ROUNDS * DOORS.length * MODES.length) / USERS,
  )
  const creditsEach = Math.min(100_000, 2 * perUser + 100)
  print(`\n== ${kind} == (load average ${load()} on ${cpus().length} cores)`)
  const portal = await startPortal(kind, provider, creditsEach)
  try {
    for (const mode of MODES) {
      await provider.use(mode)
      print(` provider: ${mode}`)
      for (const door of DOORS) {
        await portalRun(portal, door, 10) // warm-up: connections, caches, JIT
        for (const count of CONCURRENCIES) {
          reportCase(kind, mode, door, count, await runCase(portal, provider, door, count), verdicts)
        }
      }
    }
  } finally {
    await portal.server.stop()
    verdicts.push(await checkLedgers(portal, creditsEach, CREDIT_COSTS.text))
    await portal.close()
  }
}

async function main(): Promise<void> {
  const only = process.env.BENCH_DB as DatabaseKind | undefined
  const kinds = (['pglite', 'postgres'] as const).filter(
    (kind) => (!only || only === kind) && (kind === 'pglite' || Boolean(process.env.TEST_DATABASE_URL)),
  )
  print(
    `Promptly generation throughput bench: Node ${process.version}, ${USERS} users, ${ROUNDS} rounds a case, ` +
      `load average ${load()} before`,
  )
  if (!process.env.TEST_DATABASE_URL)
    print('(set TEST_DATABASE_URL to also run on PostgreSQL, where the targets apply)')
  const provider = await startProvider()
  const verdicts: Verdict[] = []
  try {
    for (const kind of kinds) await benchDatabase(kind, provider, verdicts)
  } finally {
    await provider.stop()
  }
  print(`\nload average ${load()} after`)
  for (const verdict of verdicts) print(`  [${verdict.ok ? 'PASS' : 'FAIL'}] ${verdict.what}`)
  if (verdicts.some((verdict) => !verdict.ok)) process.exitCode = 1
}

await main()
