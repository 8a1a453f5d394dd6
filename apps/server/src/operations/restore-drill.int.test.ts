import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TRPCClient } from '@trpc/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { expectLedgerMatchesBalance } from '@promptly/api/credits/testing/expect-ledger-matches-balance'
import type { GenerationEvent } from '@promptly/api/generation/run.schema'
import { bioValues, createGeneratorTool } from '@promptly/api/generation/testing/generator-tool'
import type { AppRouter } from '@promptly/api/root'
import { openDatabase } from '@promptly/db/client'
import { runMigrations } from '@promptly/db/migrate/run-migrations'
import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import { startFakeMediaAi, type FakeMediaAi } from '../testing/fake-media-ai.ts'
import { signUpTestAccount, type TestAccount } from '../testing/local-accounts.ts'
import { createTestApp, type TestApp } from '../testing/test-app.ts'
import { listenOnRandomPort, trpcClient } from '../testing/trpc-http.ts'
import { runDrillBlock, type DrillBlock } from './testing/runbook.ts'

/**
 * docs/operations.md's backup and restore, run as written: pg_dump of a database the real app has
 * filled, the database dropped and restored with pg_restore, the app started again on it, and every
 * user's credits, ledger, history, purchases, bookmarks and media served as before.
 */
const ONLY_ON_POSTGRES =
  'the restore drill (PostgreSQL only: pg_dump and pg_restore need a server, and PGlite lives inside this process)'

interface Instance {
  app: TestApp['app']
  db: TestDatabase
  /** Migrations this start applied, as main.ts applies them before building the app. */
  applied: string[]
  as(account: TestAccount): TRPCClient<AppRouter>
  close(): Promise<void>
}

interface Accounts {
  admin: TestAccount
  ada: TestAccount
  bob: TestAccount
}

let source: TestDatabase
/** Every instance started, closed at the end whatever failed on the way. */
const started: Instance[] = []
let fakeAi: FakeMediaAi
let workDir: string
/** The same settings for both starts, as one deployment keeps them across a restore. */
let env: Record<string, string>

describe.runIf(process.env.TEST_DB === 'postgres')(ONLY_ON_POSTGRES, () => {
  beforeAll(async () => {
    source = await createTestDatabase({ seed: true })
    fakeAi = await startFakeMediaAi()
    workDir = await mkdtemp(path.join(tmpdir(), 'promptly-restore-drill-'))
    env = {
      ...fakeAi.env,
      DATA_DIR: path.join(workDir, 'data'),
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      ADMIN_EMAILS: `drill-admin-${randomUUID()}@example.test`,
    }
  })
  afterAll(async () => {
    for (const instance of started) await instance.close()
    // Drops the database, restored or not.
    await source?.close()
    await fakeAi?.server.close()
    if (workDir) await rm(workDir, { recursive: true, force: true })
  })

  it('serves the same balances, ledgers, history and bookmarks after pg_dump, drop and pg_restore', async () => {
    const url = source.url!
    const first = await startInstance(url)
    const accounts = await makeHistory(first, source)
    const before = await servedToEach(first, accounts)
    expectBalancesFromLedgers(before)

    const [owner] = await first.db.raw.query<{ role: string }>('SELECT current_user AS role')
    const shell = {
      DATABASE_URL: url,
      dump: path.join(workDir, 'promptly.dump'),
      db_name: new URL(url).pathname.slice(1),
      db_owner: owner!.role,
      maintenance_url: process.env.TEST_DATABASE_URL!,
    }
    const drill = (block: DrillBlock) => runDrillBlock(block, shell, workDir)
    const counted = await drill('check')
    await drill('backup')
    // Every instance stops first (the runbook's step 1): this one's pool closes with it.
    await first.close()
    await drill('make-room')
    await drill('restore')
    expect(countsIn(await drill('check'))).toEqual(countsIn(counted))
    expect(countsIn(counted).get('balances off the ledger')).toBe('0')

    const restored = await startInstance(url)
    expect(restored.applied).toEqual([])
    const after = await servedToEach(restored, accounts)
    expect(after).toEqual(before)
    for (const account of Object.values(accounts)) {
      await expectLedgerMatchesBalance(restored.db.prisma, account.user.id)
    }
  })
})

/** The server as main.ts starts it on `url`: pending migrations first, then the app, listening. */
async function startInstance(url: string): Promise<Instance> {
  const db: TestDatabase = { ...(await openDatabase({ url })), url }
  const { applied } = await runMigrations(db)
  const testApp = await createTestApp({ database: db, env })
  const baseUrl = await listenOnRandomPort(testApp.app)
  let closed: Promise<void> | undefined
  const instance: Instance = {
    app: testApp.app,
    db,
    applied,
    as: (account) => trpcClient(baseUrl, account.bearer),
    close: () => (closed ??= testApp.close().then(() => db.close())),
  }
  started.push(instance)
  return instance
}

/**
 * What a backup must keep, made through the API: Ada buys a plan at the local checkout, runs a
 * generation and bookmarks a tool; Bob is granted credits by an admin, draws an image and bookmarks
 * two tools. Everyone also has the trial's grant from verifying their address.
 */
async function makeHistory(server: Instance, db: TestDatabase): Promise<Accounts> {
  const admin = await signUpTestAccount(server.app, { email: env.ADMIN_EMAILS })
  const ada = await signUpTestAccount(server.app, { name: 'Ada' })
  const bob = await signUpTestAccount(server.app, { name: 'Bob' })
  const generator = await createGeneratorTool(db.prisma)
  const [first, second] = await db.prisma.tool.findMany({ where: { published: true }, take: 2, select: { id: true } })

  const checkout = await server.as(ada).payments.createCheckout.mutate({ plan: 'MONTHLY' })
  const paid = await server.app.inject({
    method: 'POST',
    url: `/api/payments/local/${checkout.purchaseId}/pay`,
    headers: ada.bearer,
  })
  expect(paid.statusCode).toBe(200)
  const events: GenerationEvent[] = []
  for await (const event of await server.as(ada).generation.run.mutate({ toolId: generator.id, groups: bioValues() }))
    events.push(event)
  expect(events.at(-1)?.type).toBe('done')
  await server.as(ada).bookmarks.set.mutate({ toolId: first!.id, bookmarked: true })

  await server.as(admin).admin.credits.grant.mutate({ userId: bob.user.id, credits: 50, days: 30, note: 'drill' })
  await server.as(bob).generation.image.mutate({ prompt: 'A lighthouse at dawn', n: 1 })
  await server.as(bob).bookmarks.set.mutate({ toolId: first!.id, bookmarked: true })
  await server.as(bob).bookmarks.set.mutate({ toolId: second!.id, bookmarked: true })
  return { admin, ada, bob }
}

/** Everything the API serves each user about their money and their work, their media's bytes too. */
async function servedToEach(server: Instance, accounts: Accounts) {
  const entries = Object.entries(accounts).map(
    async ([who, account]) => [who, await servedTo(server, account)] as const,
  )
  return Object.fromEntries(await Promise.all(entries))
}

async function servedTo(server: Instance, account: TestAccount) {
  const api = server.as(account)
  const [limits, ledger, history, purchases, bookmarks] = await Promise.all([
    api.credits.limits.query(),
    api.credits.ledger.query({ limit: 100 }),
    api.generation.history.query({ limit: 50 }),
    api.payments.history.query(),
    api.bookmarks.list.query(),
  ])
  const media = await Promise.all(
    history.items
      .flatMap((item) => item.media)
      .map(async (item) => {
        const res = await server.app.inject({ method: 'GET', url: item.url, headers: account.bearer })
        return { status: res.statusCode, bytes: res.rawPayload.toString('base64') }
      }),
  )
  return { limits, ledger, history, purchases, bookmarks: bookmarks.map((tool) => tool.id), media }
}

type Served = Awaited<ReturnType<typeof servedTo>>

/** Each balance is the sum of its ledger, as the API shows both; and the history made is there. */
function expectBalancesFromLedgers(served: Record<string, Served>): void {
  for (const { limits, ledger } of Object.values(served)) {
    expect(ledger.nextCursor).toBeNull()
    expect(limits.current_limit).toBe(ledger.entries.reduce((sum, entry) => sum + entry.amount, 0))
  }
  const reasons = (who: string) => served[who]!.ledger.entries.map((entry) => entry.reason).sort()
  expect(reasons('ada')).toEqual(['generation', 'purchase', 'trial'])
  expect(reasons('bob')).toEqual(['admin_topup', 'generation', 'trial'])
  expect(served.ada!.purchases).toHaveLength(1)
  expect(served.bob!.media).toEqual([{ status: 200, bytes: expect.stringMatching(/^\/9j\//) }])
  expect(served.bob!.bookmarks).toHaveLength(2)
}

/** The check block's `name|count` lines. */
function countsIn(output: string): Map<string, string> {
  const lines = output.trim().split('\n')
  return new Map(lines.map((line) => line.split('|') as [string, string]))
}
