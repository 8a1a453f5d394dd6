import { setTimeout } from 'node:timers/promises'

import { fixtureCatalogue, insertTools } from '@promptly/api/testing/catalogue-fixtures'

import { createSession } from '../src/identity/local/sessions.ts'
import type { ClerkTestApp } from '../src/testing/clerk-test-app.ts'
import type { TestApp } from '../src/testing/test-app.ts'
import { answerHeadersOf, startBareServer, type BareAnswer } from './bare-server.ts'
import { loadAverage, print, printPair, runPairs, type LoadPair, type LoadSettings } from './load-pairs.ts'

export type DatabaseKind = 'pglite' | 'postgres'

/** The catalogue sizes measured: the seed's, then grown with fixture tools (BENCH_SIZES=49 for the first only). */
const SIZES = (process.env.BENCH_SIZES ?? '49,500').split(',').map(Number)
/** How many tools the signed-in caller bookmarked: their answer differs from everyone else's. */
const BOOKMARKS = 5

const REST_PATH = '/api/v1/objects/getObjectByLabel/All%20Tools'
const ALL_TOOLS_INPUT = encodeURIComponent(JSON.stringify({ json: { category: 'All Tools' } }))
const TRPC_PATH = `/trpc/tools.byCategory?input=${ALL_TOOLS_INPUT}`
/** The routes the app declares for them (rest/v1, plugins/trpc.ts): the bare servers declare the same. */
const REST_ROUTE = '/api/v1/objects/getObjectByLabel/:category'
const TRPC_ROUTE = '/trpc/:path'

/** Ratio to bare each answer must reach on a quiet machine, and the p99 ceiling. */
const SIGNED_OUT_TARGET = 0.8
const SIGNED_IN_TARGET: Record<DatabaseKind, number> = { postgres: 0.5, pglite: 0.25 }
const P99_TARGET_MS = 50

/**
 * Who the signed-in runs are: a local account's session, or a Clerk user's session token on a server
 * in Clerk mode (CLERK_JWT_KEY: tokens verified once, then kept until they expire).
 */
export type SignedInKind = { kind: 'local'; app: TestApp } | { kind: 'clerk'; app: ClerkTestApp }

/**
 * All Tools through both doors (REST adapter, tRPC), signed out and signed in, at each size, each
 * against a bare Fastify answering the very bytes the route answered that caller, plus a second bare
 * server against the first: the noise floor. The app holds the seeded catalogue (49 tools) on
 * arrival. A Clerk-mode server runs only its signed-in pairs: signed out, it answers as any other.
 */
export async function benchCatalogueThroughput(server: SignedInKind, kind: DatabaseKind, settings: LoadSettings) {
  const t = server.app
  const signedIn = server.kind === 'clerk' ? await clerkCaller(server.app) : await signedInCaller(t)
  const inLabel = server.kind === 'clerk' ? 'signed in (Clerk)' : 'signed in'
  const appUrl = await t.app.listen({ host: '127.0.0.1', port: 0 })
  let allOk = true
  for (const size of SIZES) {
    const present = await t.db.prisma.tool.count()
    if (present < size) await insertTools(t.db.prisma, fixtureCatalogue(size - present, present))
    await t.services.caches.catalogue.changed()
    const bodies = {
      restOut: await sharedAnswerOf(appUrl + REST_PATH),
      restIn: await ownAnswerOf(appUrl + REST_PATH, signedIn),
      trpcOut: await sharedAnswerOf(appUrl + TRPC_PATH),
      trpcIn: await ownAnswerOf(appUrl + TRPC_PATH, signedIn),
    }
    const served = [bodies.restOut, bodies.trpcOut, bodies.restIn, bodies.trpcIn].map(servedBy)
    // Each on the real route's pattern, asked the same URL as the real server.
    const bare = {
      restOut: await startBareServer(REST_ROUTE, bodies.restOut),
      restIn: await startBareServer(REST_ROUTE, bodies.restIn),
      trpcOut: await startBareServer(TRPC_ROUTE, bodies.trpcOut),
      trpcIn: await startBareServer(TRPC_ROUTE, bodies.trpcIn),
      trpcOutAgain: await startBareServer(TRPC_ROUTE, bodies.trpcOut),
    }
    try {
      print(
        `  All Tools, ${size} tools (REST ${kib(bodies.restOut)}, tRPC ${kib(bodies.trpcOut)}; ` +
          `${inLabel}: ${BOOKMARKS} bookmarks); load average before: ${loadAverage()}`,
      )
      print(`    served by: REST out ${served[0]}, tRPC out ${served[1]}, REST in ${served[2]}, tRPC in ${served[3]}`)
      const names = (answer: BareAnswer) => Object.keys(answer.headers).join(' ')
      print(
        `    headers each bare route repeats: REST out: ${names(bodies.restOut)}; tRPC out: ${names(bodies.trpcOut)}`,
      )
      const signedInTarget = SIGNED_IN_TARGET[kind]
      const signedInPairs: LoadPair[] = [
        {
          ...pair(`REST ${inLabel}`, appUrl + REST_PATH, bare.restIn.origin + REST_PATH, signedInTarget),
          headers: signedIn,
        },
        {
          ...pair(`tRPC ${inLabel}`, appUrl + TRPC_PATH, bare.trpcIn.origin + TRPC_PATH, signedInTarget),
          headers: signedIn,
        },
      ]
      const pairs: LoadPair[] =
        server.kind === 'clerk'
          ? signedInPairs
          : [
              pair('REST signed out', appUrl + REST_PATH, bare.restOut.origin + REST_PATH, SIGNED_OUT_TARGET),
              pair('tRPC signed out', appUrl + TRPC_PATH, bare.trpcOut.origin + TRPC_PATH, SIGNED_OUT_TARGET),
              ...signedInPairs,
            ]
      // The machine's noise floor, once per database: two identical servers.
      if (size === SIZES[0] && server.kind === 'local') {
        pairs.push({
          subject: 'bare Fastify again',
          baseline: 'bare Fastify (tRPC out bytes)',
          subjectUrl: bare.trpcOutAgain.origin + TRPC_PATH,
          baselineUrl: bare.trpcOut.origin + TRPC_PATH,
        })
      }
      const runs = await runPairs(pairs, settings)
      for (const [index, measured] of pairs.entries()) allOk = printPair(measured, runs[index]!).ok && allOk
      print(`    load average after: ${loadAverage()}`)
    } finally {
      await Promise.all(Object.values(bare).map((server) => server.close()))
    }
  }
  return { allOk }
}

function pair(subject: string, subjectUrl: string, baselineUrl: string, target: number): LoadPair {
  return { subject, baseline: 'bare Fastify (same bytes)', subjectUrl, baselineUrl, target, p99TargetMs: P99_TARGET_MS }
}

/** A signed-in caller with a few bookmarks spread over the list: the session's Bearer header. */
async function signedInCaller(t: TestApp): Promise<Record<string, string>> {
  const user = await t.db.prisma.user.create({
    data: { clerkId: 'local_bench', name: 'Bench', email: 'bench@example.test', imageUrl: '' },
  })
  await bookmarkSome(t, user.id)
  const { token } = await createSession(t.db.prisma, user.id)
  return { authorization: `Bearer ${token}` }
}

/**
 * A Clerk user signed in with a session token minted here (no network), bookmarks as the local
 * caller's: the token's Bearer header. It lasts the whole run, as a browser's would if Clerk's
 * script did not mint a new one every minute (each new token costs one verification).
 */
async function clerkCaller(t: ClerkTestApp): Promise<Record<string, string>> {
  const caller = await t.signIn({ name: 'Bench', lifetimeSeconds: 6 * 60 * 60 })
  await bookmarkSome(t, caller.user.id)
  return caller.bearer
}

async function bookmarkSome(t: TestApp, userId: string): Promise<void> {
  const tools = await t.db.prisma.tool.findMany({ orderBy: { createdAt: 'asc' }, select: { id: true } })
  const step = Math.floor(tools.length / BOOKMARKS)
  const bookmarked = tools.filter((_, index) => index % step === 0).slice(0, BOOKMARKS)
  await t.db.prisma.bookmark.createMany({ data: bookmarked.map((tool) => ({ userId, toolId: tool.id })) })
}

/** The answer as the load generator gets it (it asks for no compression): body and headers. */
async function fetchOk(url: string, headers: Record<string, string> = {}): Promise<BareAnswer> {
  const res = await fetch(url, { headers: { ...headers, 'accept-encoding': 'identity' } })
  if (!res.ok) throw new Error(`${url} answered ${res.status}`)
  if (res.headers.has('content-encoding')) throw new Error(`${url} answered compressed bytes to identity`)
  return { body: await res.text(), headers: answerHeadersOf(res.headers) }
}

/** A caller's own answer, as the load gets it: the first request fills the caches, the second is served from them. */
async function ownAnswerOf(url: string, headers: Record<string, string>): Promise<BareAnswer> {
  await fetchOk(url, headers)
  return fetchOk(url, headers)
}

/**
 * Everyone's answer, as the load gets it: once its compressed copies exist (made in the background
 * after the first hit), it says Vary: accept-encoding, and the bare server must send that too.
 */
async function sharedAnswerOf(url: string): Promise<BareAnswer> {
  await fetchOk(url)
  const deadline = Date.now() + SHARED_ANSWER_WAIT_MS
  for (;;) {
    const answer = await fetchOk(url)
    if (answer.headers.vary !== undefined || Date.now() > deadline) return answer
    await setTimeout(20)
  }
}

/** Brotli at the stored quality over 240 KiB takes a second or more on a loaded two-core machine. */
const SHARED_ANSWER_WAIT_MS = 10_000

/** Which way an answer came, by the stores' headers. */
function servedBy({ headers }: BareAnswer): string {
  if (headers['x-fast-path'] === 'hit') return 'fast path'
  return headers['x-cache'] === 'hit' ? 'public response cache' : 'the stack'
}

const kib = ({ body }: BareAnswer) => `${(Buffer.byteLength(body) / 1024).toFixed(0)} KiB`
