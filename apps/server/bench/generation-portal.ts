/**
 * The generation throughput bench's two servers (generation-throughput.bench.ts): the OpenAI-compatible
 * provider, a process of its own (chat-provider-process.ts), and the portal, the built server started
 * as an operator starts it on a database this process prepares first (migrated, seeded, USERS accounts
 * with credits, a session and a `generate` API key each). And one request of each kind the bench times.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { createTRPCClient, httpBatchStreamLink, type TRPCClient } from '@trpc/client'
import superjson from 'superjson'

import { createApiKey } from '@promptly/api/api-keys/create.handler'
import { grantCredits } from '@promptly/api/credits/grant-credits'
import type { AppRouter } from '@promptly/api/root'
import { createTestUser, testContext } from '@promptly/api/testing/test-caller'
import { openDatabase, type Database, type DatabaseTarget } from '@promptly/db/client'
import { runMigrations } from '@promptly/db/migrate/run-migrations'
import { seed } from '@promptly/db/seed/seed'
import { databaseUrl, dropDatabase, onServer } from '@promptly/db/testing/postgres-server'

import { createSession } from '../src/identity/local/sessions.ts'
import { freePort, startServerProcesses, type ServerProcess } from '../src/testing/server-processes.ts'

export type DatabaseKind = 'pglite' | 'postgres'
export type Door = 'rest' | 'trpc'
export type ProviderMode = 'fast' | 'realistic'

export const USERS = 20

/** The seeded X (Twitter) Bio Generator and a filled-in form, as the README's curl example runs it. */
const TOOL_ID = '218151ba-48d6-8f2d-9029-77dd78f93fcb'
const GROUPS = [['Product designer at a fintech startup', 'UX tips and design systems'], ['Witty', true], ['']]

export interface BenchUser {
  id: string
  session: string
  apiKey: string
  client: TRPCClient<AppRouter>
  /** Generations of theirs that succeeded: what their balance must have paid for. */
  successes: number
}

export interface ProviderProcess {
  port: number
  baseUrl: string
  use(mode: ProviderMode): Promise<void>
  stop(): Promise<void>
}

export async function startProvider(): Promise<ProviderProcess> {
  const script = fileURLToPath(new URL('./chat-provider-process.ts', import.meta.url))
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const firstLine = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! })
    lines.once('line', resolve)
    child.once('exit', (code) => reject(new Error(`the provider process exited (${code}) before listening`)))
  })
  const { port } = JSON.parse(firstLine) as { port: number }
  const baseUrl = `http://127.0.0.1:${port}`
  return {
    port,
    baseUrl,
    async use(mode) {
      const res = await fetch(`${baseUrl}/control/${mode}`, { method: 'POST' })
      if (!res.ok) throw new Error(`the provider refused mode ${mode}: ${res.status}`)
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

export interface Portal {
  server: ServerProcess
  metricsPort: number
  users: BenchUser[]
  target: DatabaseTarget
  close(): Promise<void>
}

async function preparedDatabase(target: DatabaseTarget, creditsEach: number): Promise<Omit<BenchUser, 'client'>[]> {
  const db: Database = await openDatabase(target)
  try {
    await runMigrations(db)
    await seed(db)
    const users: Omit<BenchUser, 'client'>[] = []
    for (let index = 0; index < USERS; index += 1) {
      const user = await createTestUser(db.prisma, `Bench User ${index}`)
      await db.prisma.$transaction((tx) =>
        grantCredits(tx, { userId: user.id, amount: creditsEach, reason: 'admin_topup', reference: `bench-${index}` }),
      )
      const { token } = await createSession(db.prisma, user.id)
      const { key } = await createApiKey({
        ctx: { ...testContext(db.prisma, user), user },
        input: { name: 'Throughput bench', scopes: ['generate'] },
      })
      users.push({ id: user.id, session: token, apiKey: key, successes: 0 })
    }
    return users
  } finally {
    await db.close()
  }
}

export async function startPortal(kind: DatabaseKind, provider: ProviderProcess, creditsEach: number): Promise<Portal> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'promptly-gen-bench-'))
  const cleanups: Array<() => Promise<unknown>> = [() => rm(workDir, { recursive: true, force: true })]
  const close = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined)
  }
  try {
    let target: DatabaseTarget
    const env: Record<string, string> = {}
    if (kind === 'postgres') {
      const serverUrl = process.env.TEST_DATABASE_URL!
      const name = `promptly_genbench_${Date.now()}_${randomBytes(4).toString('hex')}`
      await onServer(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`))
      cleanups.push(() => onServer(serverUrl, (client) => dropDatabase(client, name)))
      target = { url: databaseUrl(serverUrl, name) }
      env.DATABASE_URL = target.url
    } else {
      target = { pgliteDir: path.join(workDir, 'pglite') }
      env.PGLITE_DIR = target.pgliteDir
    }
    const prepared = await preparedDatabase(target, creditsEach)
    const metricsPort = await freePort()
    const [server] = await startServerProcesses({
      count: 1,
      env: {
        ...env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATA_DIR: workDir,
        SESSION_SECRET: randomBytes(32).toString('base64url'),
        STRIPE_SECRET_KEY: 'sk_test_offline_never_called',
        STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('base64url')}`,
        OPENAI_BASE_URL: `${provider.baseUrl}/v1`,
        OPENAI_API_KEY: 'sk-bench-provider',
        OPENAI_MAX_RETRIES: '0',
        RATE_LIMIT_PER_MINUTE: '1000000000',
        API_KEY_RATE_LIMIT_PER_MINUTE: '1000000000',
        METRICS_PORT: String(metricsPort),
        // The API is what is measured: no web build is needed.
        WEB_DIST_DIR: path.join(workDir, 'no-web-app'),
        WEB_SERVER_DIST_DIR: path.join(workDir, 'no-web-app-server'),
      },
      // To profile the server: BENCH_SERVER_NODE_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/gen-prof'.
      nodeFlags: (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean),
    })
    if (!server) throw new Error('one server was asked for')
    cleanups.push(() => server.stop())
    const users = prepared.map((user) => ({ ...user, client: generationClient(server.url, user.session) }))
    return { server, metricsPort, users, target, close }
  } catch (error) {
    await close()
    throw error
  }
}

/** Like the web app's, one generation per HTTP request (no batching of the user's concurrent calls). */
function generationClient(origin: string, session: string): TRPCClient<AppRouter> {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchStreamLink({
        url: `${origin}/trpc`,
        transformer: superjson,
        headers: { authorization: `Bearer ${session}` },
        maxItems: 1,
      }),
    ],
  })
}

/** What the server sends the provider, near enough: the same size of prompt, streamed. */
const DIRECT_BODY = JSON.stringify({
  model: 'gpt-4o-mini',
  stream: true,
  messages: [
    { role: 'system', content: 'You write short social media bios. '.repeat(12) },
    { role: 'user', content: JSON.stringify(GROUPS).repeat(4) },
  ],
})

export async function direct(provider: ProviderProcess): Promise<void> {
  const res = await fetch(`${provider.baseUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench-provider' },
    body: DIRECT_BODY,
  })
  const text = await res.text()
  if (!res.ok || !text.endsWith('data: [DONE]\n\n')) throw new Error(`provider answered ${res.status}`)
}

const REST_BODY = JSON.stringify({ groups: GROUPS })

export async function viaRest(portal: Portal, user: BenchUser): Promise<void> {
  const res = await fetch(`${portal.server.url}/api/v1/objects/getResponseOfObject/${TOOL_ID}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.apiKey}` },
    body: REST_BODY,
  })
  const body = (await res.json()) as { data?: string; code?: string; error?: string }
  if (res.status !== 200) throw new Error(`${res.status} ${body.code ?? ''} ${body.error ?? ''}`.trim())
  const data = JSON.parse(body.data ?? '{}') as { output?: string }
  if (!data.output) throw new Error('200 with no output')
}

export async function viaTrpc(user: BenchUser): Promise<void> {
  let last: string | undefined
  for await (const event of await user.client.generation.run.mutate({ toolId: TOOL_ID, groups: GROUPS })) {
    last = event.type
  }
  if (last !== 'done') throw new Error(`the stream ended on ${last}`)
}

/** Every account's balance against its ledger, and what was charged against the successes. */
export async function checkLedgers(
  portal: Portal,
  creditsEach: number,
  costEach: number,
): Promise<{ what: string; ok: boolean }> {
  const db = await openDatabase(portal.target)
  try {
    let unbalanced = 0
    let mischarged = 0
    for (const user of portal.users) {
      const [stored, sum] = await Promise.all([
        db.prisma.user.findUniqueOrThrow({ where: { id: user.id }, select: { creditBalance: true } }),
        db.prisma.creditEntry.aggregate({ where: { userId: user.id }, _sum: { amount: true } }),
      ])
      if (stored.creditBalance !== (sum._sum.amount ?? 0)) unbalanced += 1
      if (stored.creditBalance !== creditsEach - user.successes * costEach) mischarged += 1
    }
    return {
      what:
        `ledgers: ${unbalanced} of ${portal.users.length} accounts off their ledger, ` +
        `${mischarged} charged otherwise than their successes`,
      ok: unbalanced === 0 && mischarged === 0,
    }
  } finally {
    await db.close()
  }
}
