/**
 * `npm run bench`: the server-rendered public pages as visitors get them, from the real web build
 * (apps/web/dist and dist-server: build first), in production mode, on PGlite and (when
 * TEST_DATABASE_URL is set) PostgreSQL.
 *
 * 1. A render: a page no one has asked for since the catalogue last changed, one request at a
 *    time; median and slowest of RENDERS.
 * 2. A kept page (most requests: a page is kept per language and layout for a minute): 64
 *    connections asking for `/`, a tool's page, `/plan` and `/about` with brotli (as browsers ask)
 *    and without, and `/` with a session cookie (a signed-in visitor gets the same page), each
 *    against a bare Fastify answering the very bytes and headers the page came with, in alternating
 *    pairs; a second bare server against the first gives the noise floor. Targets on a quiet
 *    machine, for what browsers ask (brotli): >= 0.8x bare and p99 < 50 ms, the API's (bare itself
 *    takes 40-45 ms at p99 to send `/` to 64 connections here, so that verdict sits near the
 *    machine's floor). Uncompressed answers are printed beside them without a target: several
 *    times the bytes, the loopback sets their pace.
 *
 * BENCH_DB=pglite|postgres runs one database; BENCH_SECONDS and BENCH_ROUNDS set the load runs.
 */
import { request } from 'node:http'
import path from 'node:path'

import { median } from '@promptly/core/stats/median'
import { REPO_ROOT } from '@promptly/db/repo-paths'

import { SESSION_COOKIE } from '../src/identity/local/session-cookie.ts'
import { createSession } from '../src/identity/local/sessions.ts'
import { createTestApp, type TestApp } from '../src/testing/test-app.ts'
import { answerHeadersOf, startBareServer, type BareAnswer } from './bare-server.ts'
import type { DatabaseKind } from './catalogue-throughput.ts'
import { loadAverage, print, printPair, runPairs, type LoadPair, type LoadSettings } from './load-pairs.ts'

const WEB_DIST_DIR = path.join(REPO_ROOT, 'apps/web/dist')
const WEB_SERVER_DIST_DIR = path.join(REPO_ROOT, 'apps/web/dist-server')
/** The seeded X (Twitter) Bio Generator (its id comes from its slug). */
const TOOL_PAGE = '/generate?id=218151ba-48d6-8f2d-9029-77dd78f93fcb'
const PAGES = ['/', TOOL_PAGE, '/plan', '/about']
const LABELS: Record<string, string> = { [TOOL_PAGE]: 'a tool page' }
const labelOf = (page: string) => LABELS[page] ?? page
const RENDERS = 10
const TARGET = 0.8
const P99_TARGET_MS = 50
const SETTINGS: LoadSettings = {
  connections: 64,
  seconds: Number(process.env.BENCH_SECONDS ?? 1),
  rounds: Number(process.env.BENCH_ROUNDS ?? 4),
}

async function main(): Promise<void> {
  const available: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']
  const kinds = available.filter((kind) => !process.env.BENCH_DB || kind === process.env.BENCH_DB)
  print(
    `Promptly pages bench: Node ${process.version}, production mode, ${SETTINGS.connections} connections, ` +
      `${SETTINGS.rounds} rounds of back-to-back ${SETTINGS.seconds} s runs`,
  )
  print(`load average at start: ${loadAverage()} (figures are the machine's, not the server's, above its cores)`)
  let allOk = true
  for (const kind of kinds) allOk = (await benchDatabase(kind)) && allOk
  print(`\nload average at end: ${loadAverage()}`)
  print(`pages targets: ${allOk ? 'all met' : 'some MISSED'}`)
}

async function benchDatabase(kind: DatabaseKind): Promise<boolean> {
  if (kind === 'postgres') process.env.TEST_DB = 'postgres'
  else delete process.env.TEST_DB
  print(`\n== ${kind} ==`)
  const t = await createTestApp({
    seed: true,
    env: {
      NODE_ENV: 'production',
      RATE_LIMIT_PER_MINUTE: '1000000000',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR,
      WEB_SERVER_DIST_DIR,
    },
  })
  try {
    const origin = await t.app.listen({ host: '127.0.0.1', port: 0 })
    await benchRenders(t, origin)
    return await benchKeptPages(t, origin)
  } finally {
    await t.close()
  }
}

/** Each page rendered afresh (the catalogue changed just before), one request at a time. */
async function benchRenders(t: TestApp, origin: string): Promise<void> {
  print(`  a render (nothing kept), ${RENDERS} times each, one at a time:`)
  for (const page of PAGES) {
    const timings: number[] = []
    for (let i = 0; i < RENDERS; i++) {
      await t.services.caches.catalogue.changed()
      const started = performance.now()
      await get(origin + page, { 'accept-encoding': 'br' })
      timings.push(performance.now() - started)
    }
    print(
      `    ${labelOf(page).padEnd(12)} median ${median(timings).toFixed(1).padStart(6)} ms  ` +
        `slowest ${Math.max(...timings)
          .toFixed(1)
          .padStart(6)} ms`,
    )
  }
}

async function benchKeptPages(t: TestApp, origin: string): Promise<boolean> {
  await t.services.caches.catalogue.changed()
  const signedIn = { 'accept-encoding': 'br', cookie: `${SESSION_COOKIE}=${await sessionToken(t)}` }
  const cases: { label: string; page: string; headers: Record<string, string>; targeted: boolean }[] = [
    ...PAGES.flatMap((page) => [
      { label: `${labelOf(page)}, br`, page, headers: { 'accept-encoding': 'br' }, targeted: true },
      { label: `${labelOf(page)}, identity`, page, headers: { 'accept-encoding': 'identity' }, targeted: false },
    ]),
    { label: '/, br, signed in', page: '/', headers: signedIn, targeted: true },
  ]
  const bares: { close(): Promise<void> }[] = []
  try {
    const pairs: LoadPair[] = []
    print(`  a kept page; load average before: ${loadAverage()}`)
    for (const { label, page, headers, targeted } of cases) {
      const answer = await keptAnswer(origin + page, headers)
      const bare = await startBareServer(new URL(page, origin).pathname, answer)
      bares.push(bare)
      pairs.push({
        subject: label,
        baseline: `bare Fastify (${(Buffer.byteLength(answer.body) / 1024).toFixed(0)} KiB)`,
        subjectUrl: origin + page,
        baselineUrl: bare.origin + page,
        headers,
        ...(targeted ? { target: TARGET, p99TargetMs: P99_TARGET_MS } : { untargeted: '(no target)' }),
      })
    }
    // The noise floor: two identical bare servers, with the home page's compressed bytes.
    const first = pairs[0]!
    const again = await startBareServer('/', await keptAnswer(origin + '/', { 'accept-encoding': 'br' }))
    bares.push(again)
    pairs.push({
      subject: 'bare Fastify again',
      baseline: first.baseline,
      subjectUrl: `${again.origin}/`,
      baselineUrl: first.baselineUrl,
      headers: { 'accept-encoding': 'br' },
    })
    const runs = await runPairs(pairs, SETTINGS)
    let ok = true
    for (const [index, pair] of pairs.entries()) ok = printPair(pair, runs[index]!).ok && ok
    print(`    load average after: ${loadAverage()}`)
    return ok
  } finally {
    await Promise.all(bares.map((bare) => bare.close()))
  }
}

/**
 * The page as the load gets it once kept: its bytes as sent (compressed if asked for) and its
 * headers, from the second request on (the first renders it and keeps it once sent and compressed).
 */
async function keptAnswer(url: string, headers: Record<string, string>): Promise<BareAnswer> {
  await get(url, headers)
  for (;;) {
    const res = await get(url, headers)
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`)
    // A kept page's policy allows its scripts by hash; a render's, by the response's nonce.
    if (!res.headers['content-security-policy']?.includes("'nonce-")) {
      return { body: res.body, headers: answerHeadersOf(Object.entries(res.headers)) }
    }
  }
}

/** One GET over plain HTTP: its status, headers and the bytes as they came (not decompressed). */
function get(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const flat: Record<string, string> = {}
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') flat[name] = value
        resolve({ status: res.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks) })
      })
      res.on('error', reject)
    })
      .on('error', reject)
      .end()
  })
}

async function sessionToken(t: TestApp): Promise<string> {
  const user = await t.db.prisma.user.create({
    data: { clerkId: 'local_pages_bench', name: 'Bench', email: 'pages-bench@example.test', imageUrl: '' },
  })
  return (await createSession(t.db.prisma, user.id)).token
}

await main()
