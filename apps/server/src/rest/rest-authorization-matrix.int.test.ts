import type { InjectOptions } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'

import { steppedRowQueue } from '@promptly/api/bulk/testing/stepped-row-queue'
import { insertBuiltTool } from '@promptly/api/tool-builder/builder-writes'
import { builderDraft } from '@promptly/api/tool-builder/testing/builder-fixtures'
import { builtToolInput } from '@promptly/api/tool-builder/tool-builder.schema'

import { cellsThatDiffer, outcomeOfStatus } from '../testing/authorization/matrix-walk.ts'
import { EXPECTED, type Outcome } from '../testing/authorization/procedure-access.ts'
import { ROUTE_ACCESS } from '../testing/authorization/route-access.ts'
import { tableFingerprints } from '../testing/authorization/table-fingerprints.ts'
import type { TestAccount } from '../testing/local-accounts.ts'
import { useTestApp } from '../testing/use-test-app.ts'
import { OPENAPI_JSON_PATH } from './openapi/register-openapi.ts'
import { documentedOperations, type Operation } from './openapi/testing/documented-operations.ts'
import { BIO_TOOL_ID, sampleBodies } from './openapi/testing/sample-requests.ts'

/**
 * Every REST call of the OpenAPI document, under each of its doors, called by: nobody; the owner
 * of the fixtures, another account and an admin, each with a session; the owner's session naming the
 * other account in the legacy `clerkId` query parameter; and the owner's API keys: one with the
 * `read` scope, one with `generate`, and one revoked.
 */
const CALLERS = [
  'anonymous',
  'user',
  'otherUser',
  'admin',
  'userNamingOther',
  'readKey',
  'generateKey',
  'revokedKey',
] as const
type Caller = (typeof CALLERS)[number]
const KEY_SCOPES = { readKey: 'read', generateKey: 'generate' } as const

const ADMIN_EMAIL = 'rest-matrix-admin@example.test'
const t = useTestApp({
  seed: true,
  fakeAi: true,
  env: {
    ADMIN_EMAILS: ADMIN_EMAIL,
    RATE_LIMIT_PER_MINUTE: '100000',
    API_KEY_RATE_LIMIT_PER_MINUTE: '100000',
    LOCAL_MODEL_CHUNK_DELAY_MS: '0',
  },
  // Bulk rows wait in a queue nobody steps: every job stays running, so each allowed cancel can cancel.
  services: { rowQueue: steppedRowQueue() },
})

const headersOf = {} as Record<Caller, Record<string, string>>
let user: TestAccount
let operations: Operation[]
let adminToolId = ''
/** One of the owner's keys, named by the refused calls that revoke a key. */
let standingKeyId = ''
/** One of the owner's bulk jobs, named by the reads and the refused cancels (each allowed one cancels its own). */
let standingJobId = ''
let otherClerkId = ''
const BODIES = sampleBodies(() => user.user.id)

async function createKey(account: TestAccount, scopes: string[]): Promise<{ id: string; key: string }> {
  const payload = { name: 'Matrix', scopes }
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/keys', headers: account.bearer, payload })
  const { data } = res.json<{ data: { key: string; apiKey: { id: string } } }>()
  return { id: data.apiKey.id, key: data.key }
}

async function bulkJob(): Promise<string> {
  const body = BODIES['POST /bulk']?.() ?? {}
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/bulk', ...body, headers: user.bearer })
  return res.json<{ data: { jobId: string } }>().data.jobId
}

async function builtTool(ownerId: string): Promise<string> {
  const tool = builtToolInput.parse(builderDraft())
  return (
    await insertBuiltTool({ db: t.db.prisma, caches: t.testApp.services.caches }, tool, { ownerId, published: true })
  ).id
}

/** The outcome the matrix expects: the session callers by the call's access, the keys by its documented scopes. */
function expectedOutcome(operation: Operation, caller: Caller): Outcome {
  const access = ROUTE_ACCESS[operation.call]
  if (!access) throw new Error(`No row for ${operation.call} in ROUTE_ACCESS`)
  if (caller === 'anonymous' || caller === 'user' || caller === 'otherUser' || caller === 'admin') {
    return EXPECTED[access][caller]
  }
  if (caller === 'revokedKey') return 'UNAUTHORIZED'
  // A call that reads the parameter refuses a plain account naming someone else; one that does not
  // read it (the caller's own keys and purchases, the categories) acts for the caller as usual.
  if (caller === 'userNamingOther') {
    return operation.queryParameters.includes('clerkId') ? 'FORBIDDEN' : EXPECTED[access].user
  }
  const scopes = operation.security.flatMap((scheme) => scheme.apiKey ?? [])
  const takesKeys = operation.security.some((scheme) => 'apiKey' in scheme)
  if (!takesKeys) return access === 'public' ? 'ok' : 'FORBIDDEN'
  return scopes.includes(KEY_SCOPES[caller]) ? EXPECTED[access].user : 'FORBIDDEN'
}

/**
 * A path parameter's value. The calls that revoke or delete get a resource of their own when they
 * are allowed (each door deletes one); refused, they name one that must survive them.
 */
async function pathParam(name: string, operation: Operation, allowed: boolean): Promise<string> {
  if (operation.call === 'DELETE /keys/{id}') return allowed ? (await createKey(user, ['read'])).id : standingKeyId
  if (operation.call === 'DELETE /templates/delete/{id}') return allowed ? builtTool(user.user.id) : adminToolId
  if (operation.call === 'PUT /objects/updateObject/{id}') return adminToolId
  if (operation.call === 'POST /bulk/{jobId}/cancel') return allowed ? bulkJob() : standingJobId
  if (name === 'jobId') return standingJobId
  const values: Record<string, string> = { id: BIO_TOOL_ID, toolId: BIO_TOOL_ID, category: 'All Tools', text: 'bio' }
  const value = values[name]
  if (value === undefined) throw new Error(`No sample value for the path parameter ${name} of ${operation.key}`)
  return value
}

async function outcomeOf(operation: Operation, caller: Caller, allowed: boolean): Promise<string> {
  let url = operation.path
  for (const [, name = ''] of operation.path.matchAll(/\{(\w+)\}/g)) {
    url = url.replace(`{${name}}`, encodeURIComponent(await pathParam(name, operation, allowed)))
  }
  if (caller === 'userNamingOther') url += `${url.includes('?') ? '&' : '?'}clerkId=${encodeURIComponent(otherClerkId)}`
  const body = BODIES[operation.call]?.() ?? {}
  const request: InjectOptions = {
    method: operation.method as InjectOptions['method'],
    url,
    ...body,
    headers: { ...body.headers, ...headersOf[caller] },
  }
  return outcomeOfStatus((await t.app.inject(request)).statusCode)
}

/** Each door of each call; the allowed calls that revoke or delete get fresh resources of their own. */
const walk = () => ({
  rows: operations.map((operation): [string, Operation] => [operation.key, operation]),
  callers: CALLERS,
  expected: expectedOutcome,
  outcomeOf: (_key: string, operation: Operation, caller: Caller) =>
    outcomeOf(operation, caller, expectedOutcome(operation, caller) === 'ok'),
})

beforeAll(async () => {
  user = await t.signUp({ name: 'Owner' })
  const other = await t.signUp({ name: 'Other' })
  const admin = await t.signUp({ name: 'Admin', email: ADMIN_EMAIL })
  // Enough credits for every charged call under every door.
  for (const account of [user, other, admin]) {
    const payload = { userId: account.user.id, credit: 500, days: 1 }
    await t.app.inject({ method: 'POST', url: '/api/v1/admin/addCreditManual', headers: admin.bearer, payload })
  }
  const revoked = await createKey(user, ['read', 'generate'])
  await t.app.inject({ method: 'DELETE', url: `/api/v1/keys/${revoked.id}`, headers: user.bearer })
  headersOf.anonymous = {}
  headersOf.user = user.bearer
  headersOf.otherUser = other.bearer
  headersOf.userNamingOther = user.bearer
  otherClerkId = other.user.clerkId
  headersOf.admin = admin.bearer
  headersOf.readKey = { authorization: `Bearer ${(await createKey(user, ['read'])).key}` }
  headersOf.generateKey = { authorization: `Bearer ${(await createKey(user, ['generate'])).key}` }
  headersOf.revokedKey = { authorization: `Bearer ${revoked.key}` }
  standingKeyId = (await createKey(user, ['read'])).id
  standingJobId = await bulkJob()
  adminToolId = await builtTool(admin.user.id)
  operations = documentedOperations((await t.app.inject({ method: 'GET', url: OPENAPI_JSON_PATH })).json())
})

describe('the authorisation matrix of the REST calls', () => {
  it('has a row for every documented call, and a documented call for every row', () => {
    expect(operations.length).toBeGreaterThan(50)
    const calls = [...new Set(operations.map((operation) => operation.call))].sort()
    expect(Object.keys(ROUTE_ACCESS).sort()).toEqual(calls)
  })

  it('refuses every caller a call is not for, with its status, and writes nothing', async () => {
    const before = await tableFingerprints(t.db.prisma)
    expect(await cellsThatDiffer(walk(), 'refused')).toEqual([])
    expect(await tableFingerprints(t.db.prisma)).toEqual(before)
  })

  it('answers every caller a call is for', async () => {
    expect(await cellsThatDiffer(walk(), 'allowed')).toEqual([])
  })
})
