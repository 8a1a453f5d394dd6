import { randomBytes, randomUUID } from 'node:crypto'
import { PassThrough } from 'node:stream'
import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { z } from 'zod'

import { appRouter } from '@promptly/api/root'
import { markEmailVerified } from '@promptly/api/users/verify-email'
import { LABELS } from '@promptly/core/catalogue/labels'
import { DEFAULT_REFERRAL_DAILY_CAP } from '@promptly/core/credits/plan-rules'
import type { Db } from '@promptly/db/client'

import { SESSION_COOKIE } from '../../identity/local/session-cookie.ts'
import { createSession, findSession } from '../../identity/local/sessions.ts'
import { createWriteWatch } from '../authorization/table-fingerprints.ts'
import { startFakeMediaAi, type FakeMediaAi } from '../fake-media-ai.ts'
import { createTestApp, type TestApp } from '../test-app.ts'
import { restCase, trpcCase, type Caller, type FuzzCase, type Procedure } from './fuzz-cases.ts'
import { routeTable } from './route-table.ts'

const ADMIN_EMAIL = 'fuzz-admin@promptly.test'

/** What the fuzzer reads of a tRPC procedure: whether it is a query, and its input schema. */
const procedureDef = z.object({ type: z.string(), inputs: z.array(z.unknown()) })

interface FuzzAccount {
  userId: string
  email: string
  token: string
}

/** Why a case counts as a failure. */
export type FuzzFailureKind =
  | 'server error'
  /** An answer showing the server's insides: a stack frame, a source path, SQL or a database error. */
  | 'leak'
  /** A refused request (4xx) that changed a row anyway. */
  | 'wrote on refusal'

export interface FuzzFailure {
  kind: FuzzFailureKind
  case: FuzzCase
  status: number
  body: string
  log: string
}

export interface FuzzOutcome {
  /** Answers per status class ('2xx' ... '5xx'), over every case run. */
  counts: Record<string, number>
  failures: FuzzFailure[]
}

/** One REST route ('GET /api/v1/tools') or tRPC procedure ('trpc tools.search'), with its cases. */
export interface FuzzEntry {
  name: string
  cases: fc.Arbitrary<FuzzCase>
}

export interface RunOptions {
  /**
   * Compares every writable table before and after each of the first N cases of the run, and
   * counts a refused one that changed any as a failure (costly when requests write, so not for every
   * case of a long run).
   */
  checkWritesOfFirst?: number
}

export interface FuzzTarget {
  t: TestApp
  /** REST routes and tRPC procedures found, for the report. */
  routes: number
  procedures: number
  /** Every route and procedure on its own, for runs that count cases per entry. */
  entries: FuzzEntry[]
  cases: fc.Arbitrary<FuzzCase>
  run(runs: number, seed: number, options?: RunOptions): Promise<FuzzOutcome>
  runEntry(entry: FuzzEntry, runs: number, seed: number, options?: RunOptions): Promise<FuzzOutcome>
  close(): Promise<void>
}

/**
 * What an answer must never show, whatever its status: a stack frame or source file of the server,
 * or SQL and PostgreSQL's own error words (the request's echoed text aside, these do not occur in
 * the portal's answers).
 */
const INSIDES = [
  /\bat (?:async )?[\w.<>]+ \((?:file:|node:|\/)/, // a stack frame
  /\/(?:apps|packages)\/[\w-]+\/src\/|node_modules\//, // a source path
  /\b(?:SELECT|INSERT INTO|UPDATE|DELETE FROM)\b[^"]{0,80}\b(?:FROM|VALUES|SET|WHERE)\b/, // SQL
  /PrismaClient\w*Error|syntax error at or near|violates (?:unique|foreign key|check) constraint|relation "\w+"/,
]

/**
 * The whole server on a seeded database, an AI provider that always answers (so a 5xx can only be
 * the server's own), the rate limit out of the way, a verified user and a verified admin with local
 * sessions, and the arbitrary of requests over every route and procedure the app has.
 */
export async function startFuzzTarget(): Promise<FuzzTarget> {
  const fake: FakeMediaAi = await startFakeMediaAi()
  // Server errors are logged at level error: kept per case, so a failure shows its cause.
  let logged = ''
  const logStream = new PassThrough().on('data', (chunk: Buffer) => (logged += chunk.toString('utf8')))
  const env = { ...fake.env, ADMIN_EMAILS: ADMIN_EMAIL, RATE_LIMIT_PER_MINUTE: '10000000', LOG_LEVEL: 'error' }
  const t = await createTestApp({ seed: true, env, logStream })
  const db = t.db.prisma
  const accounts = {
    user: await verifiedAccount(t, 'Fuzz User', `fuzz-${randomUUID()}@promptly.test`),
    admin: await verifiedAccount(t, 'Fuzz Admin', ADMIN_EMAIL),
  }
  const tools = await db.tool.findMany({ select: { id: true }, take: 5 })
  const users = await db.user.findMany({ select: { clerkId: true } })
  const known = [
    ...tools.map((tool) => tool.id),
    ...users.map((user) => user.clerkId),
    ...LABELS.slice(0, 6),
    accounts.user.email,
  ]

  const routes = routeTable(t.app)
  const procedures: Procedure[] = Object.entries(appRouter._def.procedures as unknown as Record<string, unknown>).map(
    ([path, procedure]) => {
      // A procedure is a function carrying its definition in `_def`.
      const { type, inputs } = procedureDef.parse((procedure as { _def?: unknown })._def)
      return { path, type, input: inputs[0] }
    },
  )
  const cases = fc.oneof(restCase(routes, { known }), trpcCase(procedures, { known }))
  const entries: FuzzEntry[] = [
    ...routes.map((route) => ({ name: `${route.method} ${route.path}`, cases: restCase([route], { known }) })),
    ...procedures.map((procedure) => ({ name: `trpc ${procedure.path}`, cases: trpcCase([procedure], { known }) })),
  ]

  async function send(sent: FuzzCase, credentials: string | null): Promise<LightMyRequestResponse | null> {
    const headers = onTheWire(sent.headers)
    if (credentials && sent.credentials === 'bearer') headers.authorization = `Bearer ${credentials}`
    if (credentials && sent.credentials === 'cookie') headers.cookie = `${SESSION_COOKIE}=${credentials}`
    try {
      return await t.app.inject({
        method: sent.method as 'GET',
        url: sent.url,
        headers,
        ...(sent.body !== undefined && { payload: sent.body }),
      })
    } catch {
      // The request could not be written (a header value HTTP cannot carry): nothing reached the server.
      return null
    }
  }

  async function runCases(arbitrary: fc.Arbitrary<FuzzCase>, runs: number, seed: number, options: RunOptions) {
    const outcome: FuzzOutcome = { counts: {}, failures: [] }
    const writes = createWriteWatch(db)
    const checkWritesOfFirst = options.checkWritesOfFirst ?? 0
    // Drawn in slices, each from its own seed, so a long run never holds every case in memory.
    const slice = 250
    for (let start = 0; start < runs; start += slice) {
      const drawn = fc.sample(arbitrary, { seed: seed + start, numRuns: Math.min(slice, runs - start) })
      for (const [index, sent] of drawn.entries()) {
        const checksWrites = start + index < checkWritesOfFirst
        // Taken after the caller's session is renewed (credentialsFor), so only the request can differ.
        const credentials = await credentialsFor(db, sent.caller, accounts)
        if (checksWrites) await writes.mark()
        logged = ''
        const res = await send(sent, credentials)
        const status = res ? statusOf(sent, res) : 0
        const statusClass = res ? `${Math.floor(status / 100)}xx` : 'unsendable'
        outcome.counts[statusClass] = (outcome.counts[statusClass] ?? 0) + 1
        const failure = (kind: FuzzFailureKind) =>
          outcome.failures.push({ kind, case: sent, status, body: res?.body.slice(0, 500) ?? '', log: errorOf(logged) })
        if (status >= 500) failure('server error')
        else if (res && INSIDES.some((pattern) => pattern.test(res.body))) failure('leak')
        else if (checksWrites && status >= 400 && status < 500 && (await writes.changedSinceMark()).length > 0)
          failure('wrote on refusal')
      }
    }
    return outcome
  }

  return {
    t,
    routes: routes.length,
    procedures: procedures.length,
    entries,
    cases,
    run: (runs, seed, options = {}) => runCases(cases, runs, seed, options),
    runEntry: (entry, runs, seed, options = {}) => runCases(entry.cases, runs, seed, options),
    async close() {
      await t.close()
      await fake.server.close()
    },
  }
}

/** One failure on a few lines: the answer first, then the request as sent (long parts cut). */
export function describeFailure({ kind, case: sent, status, body, log }: FuzzFailure): string {
  const payload =
    sent.body === undefined ? '' : Buffer.isBuffer(sent.body) ? `base64:${sent.body.toString('base64')}` : sent.body
  return [
    `${kind}: ${status} <- ${sent.method} ${sent.url.slice(0, 300)} as ${sent.caller} (${sent.credentials})`,
    `  answer: ${body.slice(0, 300)}`,
    `  headers: ${JSON.stringify(sent.headers).slice(0, 400)}`,
    `  body: ${JSON.stringify(payload.slice(0, 300))}`,
    `  logged: ${log}`,
  ].join('\n')
}

/** The logged error's message and where it was thrown (the server logs a 500 with its stack). */
function errorOf(logged: string): string {
  const stack = /"stack":"((?:[^"\\]|\\.)*)"/.exec(logged)?.[1] ?? ''
  return stack.split('\\n').slice(0, 4).join(' | ').slice(0, 600)
}

/**
 * Headers as an HTTP client can send them: text goes out as UTF-8 bytes, which Node reads back one
 * byte a character, and a header holding a byte HTTP forbids (NUL, a line break) never arrives at
 * all (Node's parser answers 400 first). `inject` skips that parser, so the cases model it here.
 */
function onTheWire(headers: Record<string, string>): Record<string, string> {
  const sent: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    const bytes = Buffer.from(value, 'utf8').toString('latin1')
    if (!/[^\t\x20-\x7e\x80-\xff]/.test(bytes)) sent[name] = bytes
  }
  return sent
}

/**
 * The status that counts: tRPC answers a batch (207) or a stream (200) whose calls can each have
 * failed, so a call inside that says 5xx is the answer's status.
 */
function statusOf(sent: FuzzCase, res: LightMyRequestResponse): number {
  if (!sent.url.startsWith('/trpc/')) return res.statusCode
  const inner = [...res.body.matchAll(/"httpStatus":(\d{3})/g)].map((match) => Number(match[1]))
  return Math.max(res.statusCode, ...inner)
}

/** Signs up through the real route, then verifies the address (credits, admin rights) and opens a session. */
async function verifiedAccount(t: TestApp, name: string, email: string): Promise<FuzzAccount> {
  const password = `fuzz ${randomBytes(12).toString('base64url')} password`
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/local/sign-up', payload: { name, email, password } })
  if (res.statusCode >= 300) throw new Error(`fuzz sign-up failed: ${res.statusCode} ${res.body}`)
  const account = await t.db.prisma.localAccount.findUniqueOrThrow({ where: { email } })
  await t.db.prisma.$transaction((tx) =>
    markEmailVerified(tx, account.userId, { referralDailyCap: DEFAULT_REFERRAL_DAILY_CAP }),
  )
  return { userId: account.userId, email, token: (await createSession(t.db.prisma, account.userId)).token }
}

/** A live session token for the caller: a fuzzed sign-out or password change may have ended the last one. */
async function credentialsFor(
  db: Db,
  caller: Caller,
  accounts: Record<Exclude<Caller, 'signed-out'>, FuzzAccount>,
): Promise<string | null> {
  if (caller === 'signed-out') return null
  const account = accounts[caller]
  if (!(await findSession(db, account.token))) account.token = (await createSession(db, account.userId)).token
  return account.token
}
