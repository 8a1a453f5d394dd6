/**
 * `npm run bench`: catalogue throughput and search latency, each against a baseline measured in the
 * same run, on PGlite and (when TEST_DATABASE_URL is set) PostgreSQL. Scratch databases only.
 *
 * 1. Catalogue, 500 tools, All Tools, signed out, 64 connections: requests/s and p50/p99 through the
 *    REST adapter and through tRPC, each against bare Fastify answering the same bytes.
 *    Target: >= 0.8x bare.
 * 2. Search, 10,000 tools: p50/p95 of the search procedure, and of the search statement with the
 *    indexes vs a sequential ILIKE scan (index and bitmap scans off). Target: p95 < 20 ms, >= 10x.
 */
import { invalidateCatalogue } from '@promptly/api/catalogue-cache/catalogue-cache'
import { listCategories } from '@promptly/api/tools/categories.handler'
import { containsPattern } from '@promptly/api/tools/search-pattern'
import { fixtureCatalogue, insertTools } from '@promptly/api/testing/catalogue-fixtures'
import { testContext } from '@promptly/api/testing/test-caller'
import { createTestApp, type TestApp } from '../src/testing/test-app.ts'
import { startBareServer } from './bare-server.ts'
import { measureLoad, type LoadResult } from './load.ts'
import {
  assertSameResults,
  measureSearchHandler,
  measureSearchStatement,
  searchPlan,
  SEARCH_TERMS,
  type SearchTimings,
} from './search-latency.ts'

const CATALOGUE_TOOLS = 500
const SEARCH_TOOLS = 10_000
const CONNECTIONS = 64
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 3)
const SEARCH_ROUNDS = 40

const REST_PATH = '/api/v1/objects/getObjectByLabel/All%20Tools'
const TRPC_PATH = `/trpc/tools.byCategory?input=${encodeURIComponent(JSON.stringify({ json: { category: 'All Tools' } }))}`

type DatabaseKind = 'pglite' | 'postgres'

async function main(): Promise<void> {
  const kinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']
  console.log(`Promptly catalogue bench: Node ${process.version}, ${CONNECTIONS} connections, runs of ${LOAD_SECONDS} s, one round per target with the order rotated`)
  if (!process.env.TEST_DATABASE_URL) console.log('(set TEST_DATABASE_URL to also run on PostgreSQL)')
  for (const kind of kinds) await benchDatabase(kind)
}

async function benchDatabase(kind: DatabaseKind): Promise<void> {
  // createTestDatabase reads TEST_DB: a fresh PostgreSQL database on TEST_DATABASE_URL, or a PGlite clone.
  if (kind === 'postgres') process.env.TEST_DB = 'postgres'
  else delete process.env.TEST_DB
  console.log(`\n== ${kind} ==`)
  const t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000000', LOG_LEVEL: 'silent' } })
  try {
    // BENCH_ONLY=catalogue|search runs one part (for iterating on it); `npm run bench` runs both.
    if (process.env.BENCH_ONLY !== 'search') await benchCatalogue(t)
    if (process.env.BENCH_ONLY !== 'catalogue') await benchSearch(t)
  } finally {
    await t.close()
  }
}

async function benchCatalogue(t: TestApp): Promise<void> {
  await insertTools(t.db.prisma, fixtureCatalogue(CATALOGUE_TOOLS))
  invalidateCatalogue(t.db.prisma)
  const appUrl = await t.app.listen({ host: '127.0.0.1', port: 0 })

  const restBody = await fetchOk(appUrl + REST_PATH)
  const trpcBody = await fetchOk(appUrl + TRPC_PATH)
  const bare = await startBareServer({ '/rest': restBody, '/trpc': trpcBody })
  const bareAgain = await startBareServer({ '/trpc': trpcBody })
  try {
    console.log(`catalogue: All Tools, ${CATALOGUE_TOOLS} tools, signed out (REST answer ${kib(restBody)}, tRPC answer ${kib(trpcBody)})`)
    const load = (url: string) => measureLoad(url, { connections: CONNECTIONS, durationSeconds: LOAD_SECONDS, warmupSeconds: 1 })
    // Alternating rounds, averaged: on a shared machine a slow moment then hits both sides of a ratio.
    // bareAgain serves the tRPC bytes from a second bare server: bare against bare is the ratio this
    // machine gives two identical servers, the noise floor the other ratios are read against.
    const targets = {
      bareRest: `${bare.url}/rest`,
      rest: appUrl + REST_PATH,
      bareTrpc: `${bare.url}/trpc`,
      trpc: appUrl + TRPC_PATH,
      bareAgain: `${bareAgain.url}/trpc`,
    }
    const runs: Record<keyof typeof targets, LoadResult[]> = { bareRest: [], rest: [], bareTrpc: [], trpc: [], bareAgain: [] }
    // Each round starts one target later: on a two-core VM a run is slowed by whatever ran just
    // before it, so every target takes every place in the order once.
    const names = Object.keys(targets) as (keyof typeof targets)[]
    for (let round = 0; round < names.length; round++) {
      for (const name of [...names.slice(round), ...names.slice(0, round)]) runs[name].push(await load(targets[name]))
    }
    const bareRest = averageLoad(runs.bareRest)
    const bareTrpc = averageLoad(runs.bareTrpc)
    printLoad('bare Fastify (REST bytes)', bareRest)
    printLoad('REST adapter', averageLoad(runs.rest), bareRest, roundRatios(runs.rest, runs.bareRest))
    printLoad('bare Fastify (tRPC bytes)', bareTrpc)
    printLoad('tRPC', averageLoad(runs.trpc), bareTrpc, roundRatios(runs.trpc, runs.bareTrpc))
    const noise = roundRatios(runs.bareAgain, runs.bareTrpc)
    const noiseRatio = averageLoad(runs.bareAgain).requestsPerSecond / bareTrpc.requestsPerSecond
    console.log(`  noise floor: a second bare server (tRPC bytes) ran at ${noiseRatio.toFixed(2)}x the first (rounds ${Math.min(...noise).toFixed(2)}-${Math.max(...noise).toFixed(2)})`)
  } finally {
    await Promise.all([bare.close(), bareAgain.close()])
  }
}

async function benchSearch(t: TestApp): Promise<void> {
  const started = Date.now()
  const present = await t.db.prisma.tool.count()
  await insertTools(t.db.prisma, fixtureCatalogue(SEARCH_TOOLS - present, present))
  invalidateCatalogue(t.db.prisma)
  const count = await t.db.prisma.tool.count()
  console.log(`search: ${count} tools (loaded in ${((Date.now() - started) / 1000).toFixed(1)} s), ${SEARCH_TERMS.length} terms x ${SEARCH_ROUNDS} rounds, one at a time`)

  const ctx = testContext(t.db.prisma, null)
  const labelsInUse = await listCategories({ ctx })
  await assertSameResults(t.db, labelsInUse)
  const handler = await measureSearchHandler(ctx, SEARCH_ROUNDS)
  const search = await measureSearchStatement(t.db, labelsInUse, SEARCH_ROUNDS, 'search')
  const withoutIndexes = await measureSearchStatement(t.db, labelsInUse, SEARCH_ROUNDS, 'search-without-indexes')
  const ilikeScan = await measureSearchStatement(t.db, labelsInUse, SEARCH_ROUNDS, 'ilike-scan')
  console.log(`  plan for "${SEARCH_TERMS[0]}": ${await searchPlan(t.db, labelsInUse, SEARCH_TERMS[0]!)}`)
  console.log('  (all three statements checked to find the same tools in the same order for every term)')
  console.log('  per term, p50:             matches  procedure   search  no index  ILIKE scan  ILIKE/search')
  for (const term of SEARCH_TERMS) {
    const matches = await countMatches(t, term)
    const p50 = (timing: SearchTimings) => timing.byTerm.get(term)!.p50Ms
    const ratio = `${(p50(ilikeScan) / p50(search)).toFixed(1)}x`
    console.log(
      `    ${JSON.stringify(term).padEnd(24)} ${String(matches).padStart(7)} ${ms(p50(handler)).padStart(10)} ${ms(p50(search)).padStart(8)} ${ms(p50(withoutIndexes)).padStart(9)} ${ms(p50(ilikeScan)).padStart(11)} ${ratio.padStart(13)}`,
    )
  }
  const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED')
  const p95 = (timing: SearchTimings) => ms(timing.all.p95Ms)
  console.log(`  search procedure             p50 ${ms(handler.all.p50Ms)}  p95 ${p95(handler)}  [target p95 < 20 ms: ${verdict(handler.all.p95Ms < 20)}]`)
  console.log(`  search statement             p50 ${ms(search.all.p50Ms)}  p95 ${p95(search)}`)
  console.log(`  same, index scans off        p50 ${ms(withoutIndexes.all.p50Ms)}  p95 ${p95(withoutIndexes)}  (the index alone: ${(withoutIndexes.all.p95Ms / search.all.p95Ms).toFixed(1)}x at p95)`)
  console.log(`  sequential ILIKE scan        p50 ${ms(ilikeScan.all.p50Ms)}  p95 ${p95(ilikeScan)}`)
  const speedup = ilikeScan.all.p95Ms / search.all.p95Ms
  console.log(`  search vs sequential ILIKE scan (p95): ${speedup.toFixed(1)}x  [target >= 10x: ${verdict(speedup >= 10)}]`)
}

/** How many tools the search matches in all (it returns the first SEARCH_RESULT_LIMIT). */
async function countMatches(t: TestApp, term: string): Promise<number> {
  const rows = await t.db.raw.query<{ matches: number }>(
    'SELECT count(*)::int AS matches FROM tools WHERE name ILIKE $1 OR tag_line ILIKE $1',
    [containsPattern(term)],
  )
  return rows[0]?.matches ?? 0
}

async function fetchOk(url: string): Promise<string> {
  const res = await fetch(url)
  if (!res.ok) throw new Error(`${url} answered ${res.status}`)
  return res.text()
}

function averageLoad(results: LoadResult[]): LoadResult {
  const mean = (pick: (result: LoadResult) => number) => results.reduce((sum, result) => sum + pick(result), 0) / results.length
  return {
    requestsPerSecond: mean((result) => result.requestsPerSecond),
    p50Ms: mean((result) => result.p50Ms),
    p99Ms: mean((result) => result.p99Ms),
    failures: results.reduce((sum, result) => sum + result.failures, 0),
  }
}

/** Each round's ratio to the bare server's run just before it: their spread shows the machine's noise. */
function roundRatios(results: LoadResult[], baselines: LoadResult[]): number[] {
  return results.map((result, round) => result.requestsPerSecond / (baselines[round]?.requestsPerSecond ?? Number.NaN))
}

function printLoad(label: string, result: LoadResult, baseline?: LoadResult, ratios: number[] = []): void {
  const spread = ratios.length > 1 ? ` (rounds ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)})` : ''
  const ratio = baseline ? `  ${(result.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)}x bare${spread} [target >= 0.8x: ${result.requestsPerSecond >= 0.8 * baseline.requestsPerSecond ? 'ok' : 'MISSED'}]` : ''
  const failures = result.failures > 0 ? `  (${result.failures} failed requests!)` : ''
  console.log(`  ${label.padEnd(26)} ${Math.round(result.requestsPerSecond).toString().padStart(6)} req/s  p50 ${result.p50Ms.toFixed(0)} ms  p99 ${result.p99Ms.toFixed(0)} ms${ratio}${failures}`)
}

const ms = (value: number) => `${value.toFixed(2)} ms`
const kib = (body: string) => `${(Buffer.byteLength(body) / 1024).toFixed(0)} KiB`

await main()
