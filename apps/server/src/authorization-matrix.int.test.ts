import { TRPCClientError, type TRPCClient } from '@trpc/client'
import { beforeAll, describe, expect, it } from 'vitest'

import { steppedRowQueue } from '@promptly/api/bulk/testing/stepped-row-queue'
import { appRouter, type AppRouter } from '@promptly/api/root'
import { builderDraft } from '@promptly/api/tool-builder/testing/builder-fixtures'

import { cellsThatDiffer } from './testing/authorization/matrix-walk.ts'
import {
  CALLERS,
  EXPECTED,
  PROCEDURE_ACCESS,
  type CallerName,
  type Fixtures,
  type ProcedureRow,
} from './testing/authorization/procedure-access.ts'
import { tableFingerprints } from './testing/authorization/table-fingerprints.ts'
import type { TestAccount } from './testing/local-accounts.ts'
import { useTestApp } from './testing/use-test-app.ts'

/** The seeded X (Twitter) Bio Generator. */
const CATALOGUE_TOOL_ID = '218151ba-48d6-8f2d-9029-77dd78f93fcb'
const ADMIN_EMAIL = 'matrix-admin@example.test'
const BIO_ROW = [['Product designer', 'UX tips'], ['Witty', true], ['']]

// Over real HTTP, as the web app calls: the session's Bearer header, generation.run streamed. The AI
// (images, speech) answered by the OpenAI-compatible fake; no rate limit in the way of ~180 calls.
const t = useTestApp({
  seed: true,
  listen: true,
  fakeAi: true,
  env: { ADMIN_EMAILS: ADMIN_EMAIL, RATE_LIMIT_PER_MINUTE: '100000', LOCAL_MODEL_CHUNK_DELAY_MS: '0' },
  // Bulk rows wait in a queue nobody steps: the owner's job stays running for its controls.
  services: { rowQueue: steppedRowQueue() },
})

const accounts = {} as Record<Exclude<CallerName, 'anonymous'>, TestAccount>
let fixtures: Fixtures

interface ProcedureHandle {
  query?: (input: unknown) => Promise<unknown>
  mutate?: (input: unknown) => Promise<unknown>
}

/** The typed client's handle for a procedure path ('admin.users.list'), found by walking its proxy. */
function handleOf(client: TRPCClient<AppRouter>, path: string): ProcedureHandle {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], client) as ProcedureHandle
}

/** The router's flat table of procedures by path, as tRPC keeps it. */
const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>
const procedureType = (path: string): string => procedures[path]?._def.type ?? 'unknown'

/** Calls `path` as `caller` and says how it ended; a streamed answer is read to its end. */
async function outcomeOf(caller: CallerName, path: string, row: ProcedureRow): Promise<string> {
  const client = t.trpc(caller === 'anonymous' ? null : accounts[caller])
  const handle = handleOf(client, path)
  const input = row.input?.(fixtures)
  try {
    const result = procedureType(path) === 'query' ? await handle.query?.(input) : await handle.mutate?.(input)
    if (result && typeof result === 'object' && Symbol.asyncIterator in result) {
      for await (const event of result as AsyncIterable<unknown>) void event
    }
    return 'ok'
  } catch (error) {
    if (error instanceof TRPCClientError) return String((error.data as { code?: string } | undefined)?.code)
    return `not a tRPC error: ${String(error)}`
  }
}

const walk = () => ({
  rows: Object.entries(PROCEDURE_ACCESS),
  callers: CALLERS,
  destructive: (row: ProcedureRow) => row.destructive === true,
  expected: (row: ProcedureRow, caller: CallerName) => EXPECTED[row.access][caller],
  outcomeOf: (path: string, row: ProcedureRow, caller: CallerName) => outcomeOf(caller, path, row),
})

beforeAll(async () => {
  accounts.user = await t.signUp({ name: 'Owner' })
  accounts.otherUser = await t.signUp({ name: 'Other' })
  accounts.admin = await t.signUp({ name: 'Admin', email: ADMIN_EMAIL })
  const owner = t.trpc(accounts.user)
  const personalTool = await owner.tools.personal.create.mutate(builderDraft())
  for await (const event of await owner.generation.run.mutate({
    toolId: CATALOGUE_TOOL_ID,
    groups: BIO_ROW,
  })) {
    void event
  }
  const [generation] = (await owner.generation.history.query({})).items
  const apiKey = await owner.apiKeys.create.mutate({ name: 'Owned', scopes: ['read'] })
  const checkout = await owner.payments.createCheckout.mutate({ plan: 'MONTHLY' })
  const adminTool = await t.trpc(accounts.admin).admin.tools.create.mutate(builderDraft())
  const bulkJob = await owner.bulk.create.mutate({
    toolId: CATALOGUE_TOOL_ID,
    source: { kind: 'rows', rows: [BIO_ROW, BIO_ROW] },
  })
  await failOneRow(bulkJob.jobId)
  const voice = await owner.voices.create.mutate({ name: 'Owned voice' })
  fixtures = {
    catalogueToolId: CATALOGUE_TOOL_ID,
    userId: accounts.user.user.id,
    otherUserId: accounts.otherUser.user.id,
    personalToolId: personalTool.id,
    generationId: generation!.id,
    apiKeyId: apiKey.apiKey.id,
    purchaseId: checkout.purchaseId,
    checkoutSessionId: checkout.id,
    adminToolId: adminTool.id,
    bulkJobId: bulkJob.jobId,
    voiceId: voice.id,
  }
})

/** As if the job's first row had failed every attempt: what the job's retry has to work on. */
async function failOneRow(jobId: string): Promise<void> {
  const prisma = t.db.prisma
  const [row] = await prisma.bulkRow.findMany({ where: { jobId }, orderBy: { position: 'asc' }, take: 1 })
  await prisma.bulkRow.update({ where: { id: row!.id }, data: { status: 'failed', error: 'The provider failed' } })
  await prisma.bulkJob.update({ where: { id: jobId }, data: { failed: 1 } })
}

describe('the authorisation matrix of the tRPC procedures', () => {
  it('has a row for every procedure of the router, and a procedure for every row', () => {
    const paths = Object.keys(procedures).sort()
    expect(paths.length).toBeGreaterThan(40)
    expect(Object.keys(PROCEDURE_ACCESS).sort()).toEqual(paths)
  })

  it('refuses every caller a procedure is not for, with its code, and writes nothing', async () => {
    const before = await tableFingerprints(t.db.prisma)
    expect(await cellsThatDiffer(walk(), 'refused')).toEqual([])
    expect(await tableFingerprints(t.db.prisma)).toEqual(before)
  })

  it('answers every caller a procedure is for', async () => {
    expect(await cellsThatDiffer(walk(), 'allowed')).toEqual([])
  })
})
