import { invalidateCatalogue } from '@promptly/api/catalogue-cache/catalogue-cache'
import { fixtureCatalogue, insertTools } from '@promptly/api/testing/catalogue-fixtures'

import { createSession } from '../src/identity/local/sessions.ts'
import type { TestApp } from '../src/testing/test-app.ts'
import { startBareServer } from './bare-server.ts'
import { loadAverage, print, printPair, runPairs, type LoadPair, type LoadSettings } from './load-pairs.ts'

export type DatabaseKind = 'pglite' | 'postgres'

/** The catalogue sizes measured: the seed's, then grown with fixture tools. */
const SIZES = [49, 500]
/** How many tools the signed-in caller bookmarked: their answer differs from everyone else's. */
const BOOKMARKS = 5

const REST_PATH = '/api/v1/objects/getObjectByLabel/All%20Tools'
const ALL_TOOLS_INPUT = encodeURIComponent(JSON.stringify({ json: { category: 'All Tools' } }))
const TRPC_PATH = `/trpc/tools.byCategory?input=${ALL_TOOLS_INPUT}`

/** Ratio to bare each answer must reach on a quiet machine, and the p99 ceiling. */
const SIGNED_OUT_TARGET = 0.8
const SIGNED_IN_TARGET: Record<DatabaseKind, number> = { postgres: 0.5, pglite: 0.25 }
const P99_TARGET_MS = 50

/**
 * All Tools through both doors (REST adapter, tRPC), signed out and signed in, at each size, each
 * against a bare Fastify answering the very bytes the route answered that caller, plus a second bare
 * server against the first: the noise floor. `t` holds the seeded catalogue (49 tools) on arrival.
 */
export async function benchCatalogueThroughput(t: TestApp, kind: DatabaseKind, settings: LoadSettings) {
  const signedIn = await signedInCaller(t)
  const appUrl = await t.app.listen({ host: '127.0.0.1', port: 0 })
  let allOk = true
  for (const size of SIZES) {
    const present = await t.db.prisma.tool.count()
    if (present < size) await insertTools(t.db.prisma, fixtureCatalogue(size - present, present))
    await invalidateCatalogue(t.db.prisma)
    const bodies = {
      restOut: await fetchOk(appUrl + REST_PATH),
      restIn: await fetchOk(appUrl + REST_PATH, signedIn),
      trpcOut: await fetchOk(appUrl + TRPC_PATH),
      trpcIn: await fetchOk(appUrl + TRPC_PATH, signedIn),
    }
    // Asked again now the caches are warm: which way each answer comes (the stores' headers).
    const served = await Promise.all([
      servedBy(appUrl + REST_PATH),
      servedBy(appUrl + TRPC_PATH),
      servedBy(appUrl + REST_PATH, signedIn),
      servedBy(appUrl + TRPC_PATH, signedIn),
    ])
    const bare = await startBareServer({ '/rest-out': bodies.restOut, '/rest-in': bodies.restIn })
    const bareTrpc = await startBareServer({ '/trpc-out': bodies.trpcOut, '/trpc-in': bodies.trpcIn })
    const bareAgain = await startBareServer({ '/trpc-out': bodies.trpcOut })
    try {
      print(
        `  All Tools, ${size} tools (REST ${kib(bodies.restOut)}, tRPC ${kib(bodies.trpcOut)}; ` +
          `signed in: ${BOOKMARKS} bookmarks); load average before: ${loadAverage()}`,
      )
      print(`    served by: REST out ${served[0]}, tRPC out ${served[1]}, REST in ${served[2]}, tRPC in ${served[3]}`)
      const signedInTarget = SIGNED_IN_TARGET[kind]
      const pairs: LoadPair[] = [
        pair('REST signed out', appUrl + REST_PATH, `${bare.url}/rest-out`, SIGNED_OUT_TARGET),
        pair('tRPC signed out', appUrl + TRPC_PATH, `${bareTrpc.url}/trpc-out`, SIGNED_OUT_TARGET),
        { ...pair('REST signed in', appUrl + REST_PATH, `${bare.url}/rest-in`, signedInTarget), headers: signedIn },
        { ...pair('tRPC signed in', appUrl + TRPC_PATH, `${bareTrpc.url}/trpc-in`, signedInTarget), headers: signedIn },
      ]
      // The machine's noise floor, once per database: two identical servers.
      if (size === SIZES[0]) {
        pairs.push({
          subject: 'bare Fastify again',
          baseline: 'bare Fastify (tRPC out bytes)',
          subjectUrl: `${bareAgain.url}/trpc-out`,
          baselineUrl: `${bareTrpc.url}/trpc-out`,
        })
      }
      const runs = await runPairs(pairs, settings)
      for (const [index, measured] of pairs.entries()) allOk = printPair(measured, runs[index]!).ok && allOk
      print(`    load average after: ${loadAverage()}`)
    } finally {
      await Promise.all([bare.close(), bareTrpc.close(), bareAgain.close()])
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
  const tools = await t.db.prisma.tool.findMany({ orderBy: { createdAt: 'asc' }, select: { id: true } })
  const step = Math.floor(tools.length / BOOKMARKS)
  const bookmarked = tools.filter((_, index) => index % step === 0).slice(0, BOOKMARKS)
  await t.db.prisma.bookmark.createMany({ data: bookmarked.map((tool) => ({ userId: user.id, toolId: tool.id })) })
  const { token } = await createSession(t.db.prisma, user.id)
  return { authorization: `Bearer ${token}` }
}

async function fetchOk(url: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(url, { headers })
  if (!res.ok) throw new Error(`${url} answered ${res.status}`)
  return res.text()
}

async function servedBy(url: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(url, { headers })
  await res.arrayBuffer()
  if (res.headers.get('x-fast-path') === 'hit') return 'fast path'
  return res.headers.get('x-cache') === 'hit' ? 'public response cache' : 'the stack'
}

const kib = (body: string) => `${(Buffer.byteLength(body) / 1024).toFixed(0)} KiB`
