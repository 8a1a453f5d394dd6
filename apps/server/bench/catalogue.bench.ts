/**
 * `npm run bench`: catalogue throughput and search latency, each against a baseline measured in the
 * same run, on PGlite and (when TEST_DATABASE_URL is set) PostgreSQL. Scratch databases only.
 *
 * 1. Catalogue, 500 tools, All Tools, signed out, 64 connections: requests/s and p50/p99 through the
 *    REST adapter and through tRPC, each against bare Fastify answering the same bytes, as the
 *    median ratio of paired back-to-back runs; a second bare server against the first gives the
 *    machine's noise floor. Target: >= 0.8x bare.
 * 2. Search, 10,000 tools: p50/p95 of the search procedure, and of the search statement with the
 *    indexes vs a sequential ILIKE scan (index and bitmap scans off). Target: p95 < 20 ms, >= 10x.
 */
import { invalidateCatalogue } from '@promptly/api/catalogue-cache/catalogue-cache'
import { fixtureCatalogue, insertTools } from '@promptly/api/testing/catalogue-fixtures'
import { testContext } from '@promptly/api/testing/test-caller'
import { listCategories } from '@promptly/api/tools/categories.handler'
import { containsPattern } from '@promptly/api/tools/search-pattern'

import { createTestApp, type TestApp } from '../src/testing/test-app.ts'
import { startBareServer } from './bare-server.ts'
import { measureLoad, type LoadResult } from './load.ts'
import {
  assertSameResults,
  measureSearchHandler,
  measureSearchStatement,
  SEARCH_TERMS,
  searchPlan,
  type SearchTimings,
} from './search-latency.ts'

const CATALOGUE_TOOLS = 500
const SEARCH_TOOLS = 10_000
const CONNECTIONS = 64
/** Short runs, many rounds: this is a two-core VM whose loopback speed swings between phases of a few seconds. */
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 1)
const LOAD_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10)
const SEARCH_ROUNDS = 40

const REST_PATH = '/api/v1/objects/getObjectByLabel/All%20Tools'
const TRPC_PATH =
  `/trpc/tools.byCategory?input=` + `${encodeURIComponent(JSON.stringify({ json: { category: 'All Tools' } }))}`

type DatabaseKind = 'pglite' | 'postgres'

async function main(): Promise<void> {
  const kinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']
  console.log(
    `Promptly catalogue bench: Node ${process.version}, ${CONNECTIONS} ` +
      `connections, ${LOAD_ROUNDS} rounds of back-to-back ${LOAD_SECONDS} s runs`,
  )
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
    console.log(
      `catalogue: All Tools, ${CATALOGUE_TOOLS} tools, signed out ` +
        `(REST answer ${kib(restBody)}, tRPC answer ${kib(trpcBody)})`,
    )
    // Each subject runs back to back with its baseline, in turn first and second, and the ratio is
    // the median of the rounds' ratios: a slow phase of the machine then hits both runs of a pair,
    // and no side always runs after the other. The last pair measures a second bare server against
    // the first: the ratio this machine gives two identical servers, the noise floor to read against.
    const pairs: LoadPair[] = [
      {
        subject: 'REST adapter',
        baseline: 'bare Fastify (REST bytes)',
        subjectUrl: appUrl + REST_PATH,
        baselineUrl: `${bare.url}/rest`,
      },
      {
        subject: 'tRPC',
        baseline: 'bare Fastify (tRPC bytes)',
        subjectUrl: appUrl + TRPC_PATH,
        baselineUrl: `${bare.url}/trpc`,
      },
      {
        subject: 'bare Fastify again',
        baseline: 'bare Fastify (tRPC bytes)',
        subjectUrl: `${bareAgain.url}/trpc`,
        baselineUrl: `${bare.url}/trpc`,
        noiseFloor: true,
      },
    ]
    const load = (url: string, warmupSeconds = 0) =>
      measureLoad(url, { connections: CONNECTIONS, durationSeconds: LOAD_SECONDS, warmupSeconds })
    for (const pair of pairs) for (const url of [pair.baselineUrl, pair.subjectUrl]) await load(url, 1)
    const runs = pairs.map(() => ({ subject: [] as LoadResult[], baseline: [] as LoadResult[] }))
    for (let round = 0; round < LOAD_ROUNDS; round++) {
      for (const [index, pair] of pairs.entries()) {
        const run = runs[index]!
        if (round % 2 === 0) {
          run.baseline.push(await load(pair.baselineUrl))
          run.subject.push(await load(pair.subjectUrl))
        } else {
          run.subject.push(await load(pair.subjectUrl))
          run.baseline.push(await load(pair.baselineUrl))
        }
      }
    }
    for (const [index, pair] of pairs.entries()) printPair(pair, runs[index]!.subject, runs[index]!.baseline)
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
  console.log(
    `search: ${count} tools (loaded in ${((Date.now() - started) / 1000).toFixed(1)} ` +
      `s), ${SEARCH_TERMS.length} terms x ${SEARCH_ROUNDS} rounds, one at a time`,
  )

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
      `    ${JSON.stringify(term).padEnd(24)} ${String(matches).padStart(7)} ` +
        `${ms(p50(handler)).padStart(10)} ${ms(p50(search)).padStart(8)} ` +
        `${ms(p50(withoutIndexes)).padStart(9)} ${ms(p50(ilikeScan)).padStart(11)} ${ratio.padStart(13)}`,
    )
  }
  const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED')
  const p95 = (timing: SearchTimings) => ms(timing.all.p95Ms)
  console.log(
    `  search procedure             p50 ${ms(handler.all.p50Ms)}  ` +
      `p95 ${p95(handler)}  [target p95 < 20 ms: ${verdict(handler.all.p95Ms < 20)}]`,
  )
  console.log(`  search statement             p50 ${ms(search.all.p50Ms)}  p95 ${p95(search)}`)
  console.log(
    `  same, index scans off        p50 ${ms(withoutIndexes.all.p50Ms)}  p95 ${p95(withoutIndexes)} ` +
      ` (the index alone: ${(withoutIndexes.all.p95Ms / search.all.p95Ms).toFixed(1)}x at p95)`,
  )
  console.log(`  sequential ILIKE scan        p50 ${ms(ilikeScan.all.p50Ms)}  p95 ${p95(ilikeScan)}`)
  const speedup = ilikeScan.all.p95Ms / search.all.p95Ms
  console.log(
    `  search vs sequential ILIKE scan (p95): ${speedup.toFixed(1)}x  [target >= 10x: ${verdict(speedup >= 10)}]`,
  )
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

interface LoadPair {
  subject: string
  baseline: string
  subjectUrl: string
  baselineUrl: string
  /** Two identical servers: no target, the ratio shows what noise alone gives. */
  noiseFloor?: boolean
}

function printPair(pair: LoadPair, subject: LoadResult[], baseline: LoadResult[]): void {
  const ratios = subject
    .map((result, round) => result.requestsPerSecond / baseline[round]!.requestsPerSecond)
    .sort((a, b) => a - b)
  const ratio = median(ratios)
  const spread = `rounds ${ratios[0]!.toFixed(2)}-${ratios.at(-1)!.toFixed(2)}`
  const verdict = pair.noiseFloor
    ? '(noise floor: two identical servers)'
    : `[target >= 0.8x: ${ratio >= 0.8 ? 'ok' : 'MISSED'}]`
  console.log(`  ${describeLoad(pair.baseline, baseline)}`)
  console.log(
    `  ${describeLoad(pair.subject, subject)}  ${ratio.toFixed(2)}x ` +
      `bare, median of ${ratios.length} (${spread}) ${verdict}`,
  )
}

/** Mean requests/s, median p50 and p99 over the rounds, and any failed request. */
function describeLoad(label: string, results: LoadResult[]): string {
  const requestsPerSecond = results.reduce((sum, result) => sum + result.requestsPerSecond, 0) / results.length
  const failures = results.reduce((sum, result) => sum + result.failures, 0)
  const p50 = median(results.map((result) => result.p50Ms))
  const p99 = median(results.map((result) => result.p99Ms))
  return (
    `${label.padEnd(26)} ${Math.round(requestsPerSecond).toString().padStart(6)} req/s  p50 ${p50.toFixed(0)} ` +
    `ms  p99 ${p99.toFixed(0)} ms${failures > 0 ? `  (${failures} failed requests!)` : ''}`
  )
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

const ms = (value: number) => `${value.toFixed(2)} ms`
const kib = (body: string) => `${(Buffer.byteLength(body) / 1024).toFixed(0)} KiB`

await main()
