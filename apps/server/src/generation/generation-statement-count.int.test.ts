import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createApiKey } from '@promptly/api/api-keys/create.handler'
import { grantCredits } from '@promptly/api/credits/grant-credits'
import { fakeAiProvider } from '@promptly/api/generation/testing/fake-ai-provider'
import { bioValues, createGeneratorTool } from '@promptly/api/generation/testing/generator-tool'
import { testContext } from '@promptly/api/testing/test-caller'
import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import { signUpTestAccount, type TestAccount } from '../testing/local-accounts.ts'
import { createTestApp, type TestApp } from '../testing/test-app.ts'
import { listenOnRandomPort, trpcClient } from '../testing/trpc-http.ts'

/**
 * The hot path's round trips: a generation by a caller seen in the last seconds costs two SQL
 * statements, whichever door it comes through: the reservation (balance, ledger entry and generation
 * row in one statement) and the commit. The caller (session or API key) and the tool come from the
 * instance's caches. Counted with Prisma's query events, which see every statement the app sends.
 */
let db: TestDatabase
let t: TestApp
let statements: string[] = []
let ada: TestAccount
let apiKey: string
let baseUrl: string
let toolId: string

beforeAll(async () => {
  db = await createTestDatabase({ onQuery: (sql) => statements.push(sql) })
  t = await createTestApp({
    database: db,
    env: { RATE_LIMIT_PER_MINUTE: '100000' },
    services: { ai: fakeAiProvider({ text: () => '<p>Fresh bread every morning.</p>' }) },
  })
  baseUrl = await listenOnRandomPort(t.app)
  toolId = (await createGeneratorTool(db.prisma)).id
  ada = await signUpTestAccount(t.app)
  await db.prisma.$transaction((tx) =>
    grantCredits(tx, { userId: ada.user.id, amount: 20, reason: 'admin_topup', reference: 'statement-count' }),
  )
  const stored = await db.prisma.user.findUniqueOrThrow({ where: { id: ada.user.id } })
  const user = { ...stored, isAdmin: false }
  apiKey = (
    await createApiKey({ ctx: { ...testContext(db.prisma, user), user }, input: { name: 'k', scopes: ['generate'] } })
  ).key
})
afterAll(async () => {
  await t.close()
  await db.close()
})

/** The statements of `run`'s third call (the first two warm the caches, as a returning caller has them). */
async function statementsOf(run: () => Promise<void>): Promise<string[]> {
  await run()
  await run()
  statements = []
  await run()
  return statements
}

describe('statements per generation', () => {
  it('through the REST door with an API key: the reservation and the commit', async () => {
    const sent = await statementsOf(async () => {
      const res = await fetch(`${baseUrl}/api/v1/objects/getResponseOfObject/${toolId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({ groups: bioValues() }),
      })
      expect(res.status).toBe(200)
    })
    expect(sent).toHaveLength(2)
    expect(sent[0]).toMatch(/UPDATE users/)
    expect(sent[1]).toMatch(/UPDATE "public"."generations"/)
  })

  it('through tRPC streaming with a session: the same two', async () => {
    const client = trpcClient(baseUrl, ada.bearer)
    const sent = await statementsOf(async () => {
      let last: string | undefined
      for await (const event of await client.generation.run.mutate({ toolId, groups: bioValues() })) last = event.type
      expect(last).toBe('done')
    })
    expect(sent).toHaveLength(2)
  })
})
