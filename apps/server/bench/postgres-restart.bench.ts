/**
 * `tsx bench/postgres-restart.bench.ts` (root only, with Debian's postgresql-common): the real thing
 * the proxy test (src/faults/postgres-restart.int.test.ts) imitates. Creates a private cluster
 * (`pg_createcluster <ver> promptly_fault -p 5499`), runs the app on it with a fake AI server, and
 * restarts PostgreSQL (`pg_ctlcluster <ver> promptly_fault restart`) in the middle of a burst of
 * catalogue searches and paraphrase generations from WORKERS concurrent callers. Reports the answers
 * by status, whether every failure was a clean one (5xx, generic message, no SQL or stack), how long
 * the restart took and how long until the first success after it, and the ledger afterwards:
 * reservations left 'reserved' by the restart, how soon the app's refund retry returned them, what
 * the sweeper's rule still found, and balance = sum of ledger.
 * Always drops the cluster at the end.
 */
import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { constants } from 'node:fs'
import { access, readdir } from 'node:fs/promises'
import { cpus, loadavg } from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'
import { promisify } from 'node:util'

import { grantCredits } from '@promptly/api/credits/grant-credits'
import { refundStaleReservations } from '@promptly/api/credits/reservation/reservation-sweeper'

import { startFakeMediaAi } from '../src/testing/fake-media-ai.ts'
import { signUpTestAccount, type TestAccount } from '../src/testing/local-accounts.ts'
import { createTestApp } from '../src/testing/test-app.ts'
import { listenOnRandomPort } from '../src/testing/trpc-http.ts'

const run = promisify(execFile)
const CLUSTER = 'promptly_fault'
const PORT = 5499
const WORKERS = Number(process.env.BENCH_RESTART_WORKERS ?? 4)
/** Requests each worker sends before the restart, and at least as many after it. */
const ROUNDS = Number(process.env.BENCH_RESTART_ROUNDS ?? 20)

type TestApp = Awaited<ReturnType<typeof createTestApp>>

interface Answer {
  /** When it was sent and when its answer came, in ms from the start of the burst. */
  sent: number
  at: number
  kind: 'search' | 'paraphrase'
  status: number
  clean: boolean
  body: string
}

async function main(): Promise<void> {
  const version = await clusterVersion()
  if (version === null) {
    console.log('postgres restart bench skipped: needs root and pg_createcluster (Debian postgresql-common)')
    return
  }
  await run('pg_dropcluster', ['--stop', version, CLUSTER]).catch(() => undefined)
  await run('pg_createcluster', [version, CLUSTER, '-p', String(PORT), '--', '--auth-host=trust', '--auth-local=trust'])
  try {
    await run('pg_ctlcluster', [version, CLUSTER, 'start'])
    await burstAcrossRestart(version)
  } finally {
    await run('pg_dropcluster', ['--stop', version, CLUSTER])
  }
}

async function clusterVersion(): Promise<string | null> {
  if (process.getuid?.() !== 0) return null
  const installed = await readdir('/usr/lib/postgresql').catch(() => [])
  const versions = installed.filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a))
  const tools = await access('/usr/bin/pg_createcluster', constants.X_OK).then(
    () => true,
    () => false,
  )
  return tools ? (versions[0] ?? null) : null
}

async function burstAcrossRestart(version: string): Promise<void> {
  // The test helpers build the app's database on this cluster, as the postgres test project does.
  process.env.TEST_DB = 'postgres'
  process.env.TEST_DATABASE_URL = `postgres://postgres@127.0.0.1:${PORT}/postgres`
  const ai = await startFakeMediaAi()
  const test = await createTestApp({ seed: true, env: ai.env })
  try {
    const base = await listenOnRandomPort(test.app)
    const accounts = await fundedAccounts(test)
    const loadBefore = loadavg()
    const { answers, window } = await burst(base, accounts, version)
    const failures = answers.filter((answer) => answer.status !== 200)
    const unclean = failures.filter((answer) => !answer.clean)
    const firstSuccessAfter = answers
      .filter((answer) => answer.status === 200 && answer.at > window.to)
      .reduce((first, answer) => Math.min(first, answer.at), Infinity)
    const { reserved, refundRetryMs, sweptLater } = await settleReservations(test)
    const ledger = await Promise.all(accounts.map((account) => ledgerMatches(test, account.user.id)))
    const report = {
      postgres: version,
      workers: WORKERS,
      requests: answers.length,
      byStatus: countBy(answers.map((answer) => String(answer.status))),
      failures: failures.length,
      allFailuresClean: unclean.length === 0,
      uncleanSamples: unclean.slice(0, 3).map((answer) => ({ status: answer.status, body: answer.body.slice(0, 200) })),
      restartMs: Math.round(window.to - window.from),
      firstSuccessAfterRestartMs: Number.isFinite(firstSuccessAfter) ? Math.round(firstSuccessAfter - window.to) : null,
      failuresSentAfterRestart: failures.filter((answer) => answer.sent > window.to).length,
      reservedLeftAfterBurst: reserved,
      refundedByRetryWithinMs: reserved > 0 ? refundRetryMs : 0,
      refundedBySweeperRule: sweptLater,
      ledgerMatchesBalance: ledger.every(Boolean),
      cores: cpus().length,
      loadavg: { before: loadBefore.map((l) => l.toFixed(2)), after: loadavg().map((l) => l.toFixed(2)) },
    }
    console.log(JSON.stringify(report))
    if (!report.allFailuresClean || !report.ledgerMatchesBalance || report.firstSuccessAfterRestartMs === null)
      process.exitCode = 1
  } finally {
    await test.close()
    await ai.server.close()
  }
}

/** WORKERS new accounts with enough credits that no paraphrase is refused, however the burst is spread. */
async function fundedAccounts(test: TestApp): Promise<TestAccount[]> {
  const accounts: TestAccount[] = []
  for (let index = 0; index < WORKERS; index += 1) {
    const account = await signUpTestAccount(test.app)
    await test.db.prisma.$transaction((tx) =>
      grantCredits(tx, { userId: account.user.id, amount: 10_000, reason: 'admin_topup', reference: 'bench' }),
    )
    accounts.push(account)
  }
  return accounts
}

/**
 * The first worker leads: ROUNDS requests, the restart, ROUNDS more, then everyone stops; the
 * others keep sending throughout, so requests are in flight when PostgreSQL goes away.
 */
async function burst(
  base: string,
  accounts: TestAccount[],
  version: string,
): Promise<{ answers: Answer[]; window: { from: number; to: number } }> {
  const answers: Answer[] = []
  const started = performance.now()
  let restart: { from: number; to: number } | null = null
  let done = false
  const lead = async (account: TestAccount) => {
    for (let round = 0; round < ROUNDS; round += 1) answers.push(await call(base, account, round, started))
    const from = performance.now() - started
    await run('pg_ctlcluster', [version, CLUSTER, 'restart'])
    restart = { from, to: performance.now() - started }
    for (let round = 0; round < ROUNDS; round += 1) answers.push(await call(base, account, round, started))
    done = true
  }
  const follow = async (account: TestAccount) => {
    for (let round = 0; !done; round += 1) answers.push(await call(base, account, round, started))
  }
  await Promise.all(accounts.map((account, index) => (index === 0 ? lead(account) : follow(account))))
  return { answers, window: restart ?? { from: 0, to: 0 } }
}

/**
 * Reservations the restart left 'reserved', and how they were returned: the app retries the refunds
 * the database refused (refundQuietly); the sweeper is the backstop.
 */
async function settleReservations(
  test: TestApp,
): Promise<{ reserved: number; refundRetryMs: number; sweptLater: number }> {
  const reserved = await test.db.prisma.generation.count({ where: { status: 'reserved' } })
  const retryStarted = performance.now()
  while (
    (await test.db.prisma.generation.count({ where: { status: 'reserved' } })) > 0 &&
    performance.now() - retryStarted < 20_000
  )
    await sleep(50)
  const refundRetryMs = Math.round(performance.now() - retryStarted)
  const sweptLater = await refundStaleReservations(test.db.prisma, {
    olderThan: new Date(Date.now() + 1),
    leaseLapsedBefore: new Date(0),
  })
  return { reserved, refundRetryMs, sweptLater }
}

async function call(base: string, account: TestAccount, round: number, started: number): Promise<Answer> {
  const kind: Answer['kind'] = round % 2 ? 'paraphrase' : 'search'
  const sent = performance.now() - started
  const request =
    kind === 'search'
      ? fetch(`${base}/api/v1/objects/searchObjects/${encodeURIComponent(`tool ${randomUUID()}`)}`)
      : fetch(`${base}/api/v2/response/paraphrase`, {
          method: 'POST',
          headers: { ...account.bearer, 'content-type': 'application/json' },
          body: JSON.stringify({ prompt: 'We bake bread every morning.' }),
        })
  const res = await request.catch(() => null)
  const body = res ? await res.text() : ''
  const status = res?.status ?? 0
  const clean =
    status >= 500 && body.includes('Something went wrong') && !/stack|SELECT|INSERT|UPDATE |prisma|ECONN/i.test(body)
  return { sent, at: performance.now() - started, kind, status, clean, body }
}

async function ledgerMatches(test: TestApp, userId: string): Promise<boolean> {
  const user = await test.db.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { creditBalance: true } })
  const sum = await test.db.prisma.creditEntry.aggregate({ where: { userId }, _sum: { amount: true } })
  return user.creditBalance === (sum._sum.amount ?? 0)
}

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1
  return counts
}

await main()
