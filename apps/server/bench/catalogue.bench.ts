/**
 * `npm run bench`: catalogue throughput and search latency, each against a baseline measured in the
 * same run, on PGlite and (when TEST_DATABASE_URL is set) PostgreSQL, in production mode (no output
 * validation, production logging off). Scratch databases only.
 *
 * 1. Catalogue (catalogue-throughput.ts): All Tools at 49 (seeded) and 500 tools, through the REST
 *    adapter and tRPC, signed out and signed in (a session with a few bookmarks), 64 connections:
 *    requests/s and p50/p99, each against bare Fastify answering the same bytes, as the median ratio
 *    of paired back-to-back runs; a second bare server against the first gives the machine's noise
 *    floor, and the load average is printed before and after. Then the signed-in runs again on a
 *    server in Clerk mode (a test key pair as CLERK_JWT_KEY, the session token minted here: no
 *    network; BENCH_CLERK=0 leaves them out). Targets on a quiet machine: signed out >= 0.8x bare;
 *    signed in, local session or Clerk, >= 0.5x on PostgreSQL, >= 0.25x on PGlite; p99 < 50 ms.
 * 2. Search at 10,000 and 100,000 tools (the catalogue grown from one to the other): p50/p95 of the
 *    search procedure, and of the search statement with the indexes vs a sequential ILIKE scan (and
 *    vs itself with index and bitmap scans off). Targets, procedure p95 and statement speed-up at p95:
 *    10,000 tools < 20 ms and >= 10x; 100,000 tools < 10 ms and >= 20x.
 *
 * BENCH_ONLY=catalogue|search runs one part; BENCH_DB=pglite|postgres one database; BENCH_SECONDS and
 * BENCH_ROUNDS set the length of the load runs (1 s x 4 rounds: under two minutes per database);
 * BENCH_SEARCH_TOOLS the catalogue sizes searched (comma-separated, default 10000,100000; loading
 * 100,000 tools takes about a minute per database on a busy two-core machine) and BENCH_SEARCH_ROUNDS
 * the rounds per term (default 40; the two slow baselines run fewer on larger catalogues).
 */
import { testContext } from '@promptly/api/testing/test-caller'
import { listCategories } from '@promptly/api/tools/categories.handler'
import { containsPattern } from '@promptly/api/tools/search-pattern'
import { createPGlite, openDatabase } from '@promptly/db/client'
import { pgliteTemplates, readTemplate } from '@promptly/db/testing/pglite-templates'
import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import { createClerkTestApp } from '../src/testing/clerk-test-app.ts'
import { createTestApp, type TestApp } from '../src/testing/test-app.ts'
import { benchCatalogueThroughput, type DatabaseKind } from './catalogue-throughput.ts'
import { loadAverage, type LoadSettings } from './load-pairs.ts'
import { growCatalogue } from './search-catalogue-load.ts'
import {
  assertSameResults,
  measureSearchHandler,
  measureSearchStatement,
  SEARCH_TERMS,
  searchPlan,
  type SearchTimings,
} from './search-latency.ts'

const SEARCH_SIZES = (process.env.BENCH_SEARCH_TOOLS ?? '10000,100000')
  .split(',')
  .map(Number)
  .sort((a, b) => a - b)
const CONNECTIONS = 64
/** Short runs, many rounds: this is a two-core VM whose loopback speed swings between phases of a few seconds. */
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 1)
const LOAD_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4)
const SEARCH_ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 40)

interface SearchTarget {
  procedureP95Ms: number
  speedup: number
}

/** The goal for a catalogue of `tools`: the larger one's is stricter, as users type the same. */
function searchTargetFor(tools: number): SearchTarget {
  return tools >= 100_000 ? { procedureP95Ms: 10, speedup: 20 } : { procedureP95Ms: 20, speedup: 10 }
}

async function main(): Promise<void> {
  // As a production server runs: the API reads it per answer (outputCheckedOutsideProduction).
  process.env.NODE_ENV = 'production'
  const available: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']
  const only = process.env.BENCH_DB
  const kinds = available.filter((kind) => !only || kind === only)
  console.log(
    `Promptly catalogue bench: Node ${process.version}, NODE_ENV=${process.env.NODE_ENV}, ${CONNECTIONS} ` +
      `connections, ${LOAD_ROUNDS} rounds of back-to-back ${LOAD_SECONDS} s runs`,
  )
  console.log(`load average at start: ${loadAverage()} (figures are the machine's, not the server's, above its cores)`)
  if (!process.env.TEST_DATABASE_URL) console.log('(set TEST_DATABASE_URL to also run on PostgreSQL)')
  let allOk = true
  for (const kind of kinds) allOk = (await benchDatabase(kind)) && allOk
  console.log(`
load average at end: ${loadAverage()}`)
  if (process.env.BENCH_ONLY !== 'search') console.log(`catalogue targets: ${allOk ? 'all met' : 'some MISSED'}`)
}

async function benchDatabase(kind: DatabaseKind): Promise<boolean> {
  // createTestDatabase reads TEST_DB: a fresh PostgreSQL database on TEST_DATABASE_URL, or a PGlite clone.
  if (kind === 'postgres') process.env.TEST_DB = 'postgres'
  else delete process.env.TEST_DB
  console.log(`\n== ${kind} ==`)
  const database = kind === 'pglite' ? await pgliteAsTheServerOpensIt() : await createTestDatabase({ seed: true })
  const t = await createTestApp({
    database,
    env: { NODE_ENV: 'production', RATE_LIMIT_PER_MINUTE: '1000000000', LOG_LEVEL: 'silent' },
  })
  try {
    let ok = true
    if (process.env.BENCH_ONLY !== 'search') {
      const settings = { connections: CONNECTIONS, seconds: LOAD_SECONDS, rounds: LOAD_ROUNDS }
      ok = (await benchCatalogueThroughput({ kind: 'local', app: t }, kind, settings)).allOk
      if (process.env.BENCH_CLERK !== '0') ok = (await benchClerkCatalogue(kind, settings)) && ok
    }
    if (process.env.BENCH_ONLY !== 'catalogue') for (const size of SEARCH_SIZES) await benchSearch(t, size)
    return ok
  } finally {
    await t.close()
    await database.close()
  }
}

/** The signed-in catalogue runs on a second server, in Clerk mode, on a database like the first's. */
async function benchClerkCatalogue(kind: DatabaseKind, settings: LoadSettings): Promise<boolean> {
  console.log('  -- Clerk mode: CLERK_JWT_KEY a test key pair, session token minted here --')
  const database = kind === 'pglite' ? await pgliteAsTheServerOpensIt() : await createTestDatabase({ seed: true })
  const t = await createClerkTestApp({
    database,
    env: { NODE_ENV: 'production', RATE_LIMIT_PER_MINUTE: '1000000000', LOG_LEVEL: 'silent' },
  })
  try {
    return (await benchCatalogueThroughput({ kind: 'clerk', app: t }, kind, settings)).allOk
  } finally {
    await t.close()
    await database.close()
  }
}

/**
 * The seeded template in a PGlite started as the server starts one (createPGlite): a test clone's
 * 16 MB of shared buffers (pglite-template-clone.ts) would not hold 100,000 tools, and every search
 * would read pages back through the WASM file system, which the server's never does.
 */
async function pgliteAsTheServerOpensIt(): Promise<TestDatabase> {
  const pglite = await createPGlite('memory://', await readTemplate((await pgliteTemplates()).seeded))
  return { ...(await openDatabase({ pglite })), url: null }
}

async function benchSearch(t: TestApp, size: number): Promise<void> {
  const growth = await growCatalogue(t.db, size)
  await t.services.caches.catalogue.changed()
  // The baselines read every row: fewer rounds on a larger catalogue keep them to about a minute.
  const slowRounds = Math.min(SEARCH_ROUNDS, Math.max(8, Math.round((SEARCH_ROUNDS * 10_000) / size)))
  console.log(
    `\nsearch: ${growth.tools} tools (${growth.added} added in ${growth.seconds.toFixed(1)} s), ` +
      `${SEARCH_TERMS.length} terms x ${SEARCH_ROUNDS} rounds (baselines ${slowRounds}), one at a time`,
  )
  console.log(`  load average: ${loadAverage()}`)

  const ctx = testContext(t.db.prisma, null)
  const labelsInUse = await listCategories({ ctx })
  await assertSameResults(t.db, labelsInUse)
  const handler = await measureSearchHandler(ctx, SEARCH_ROUNDS)
  const search = await measureSearchStatement(t.db, labelsInUse, SEARCH_ROUNDS, 'search')
  const withoutIndexes = await measureSearchStatement(t.db, labelsInUse, slowRounds, 'search-without-indexes')
  const ilikeScan = await measureSearchStatement(t.db, labelsInUse, slowRounds, 'ilike-scan')
  console.log('  (all three statements checked to find the same tools in the same order for every term)')
  console.log(
    '  per term, p50:             matches  procedure   search  no index  ILIKE scan  ILIKE/search  search plan',
  )
  for (const term of SEARCH_TERMS) {
    const matches = await countMatches(t, term)
    const p50 = (timing: SearchTimings) => timing.byTerm.get(term)!.p50Ms
    const ratio = `${(p50(ilikeScan) / p50(search)).toFixed(1)}x`
    console.log(
      `    ${JSON.stringify(term).padEnd(24)} ${String(matches).padStart(7)} ` +
        `${ms(p50(handler)).padStart(10)} ${ms(p50(search)).padStart(8)} ` +
        `${ms(p50(withoutIndexes)).padStart(9)} ${ms(p50(ilikeScan)).padStart(11)} ${ratio.padStart(13)}  ` +
        (await searchPlan(t.db, labelsInUse, term)),
    )
  }
  const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED')
  const p95 = (timing: SearchTimings) => ms(timing.all.p95Ms)
  const target = searchTargetFor(size)
  console.log(
    `  search procedure             p50 ${ms(handler.all.p50Ms)}  p95 ${p95(handler)}  ` +
      `[target p95 < ${target.procedureP95Ms} ms: ${verdict(handler.all.p95Ms < target.procedureP95Ms)}]`,
  )
  console.log(`  search statement             p50 ${ms(search.all.p50Ms)}  p95 ${p95(search)}`)
  console.log(
    `  same, index scans off        p50 ${ms(withoutIndexes.all.p50Ms)}  p95 ${p95(withoutIndexes)} ` +
      ` (the index alone: ${(withoutIndexes.all.p95Ms / search.all.p95Ms).toFixed(1)}x at p95)`,
  )
  console.log(`  sequential ILIKE scan        p50 ${ms(ilikeScan.all.p50Ms)}  p95 ${p95(ilikeScan)}`)
  const speedup = ilikeScan.all.p95Ms / search.all.p95Ms
  console.log(
    `  search vs sequential ILIKE scan (p95): ${speedup.toFixed(1)}x  ` +
      `[target >= ${target.speedup}x: ${verdict(speedup >= target.speedup)}]`,
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

const ms = (value: number) => `${value.toFixed(2)} ms`

await main()
