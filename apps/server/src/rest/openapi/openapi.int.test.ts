import { Validator } from '@seriousme/openapi-schema-validator'
import type { InjectOptions } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'

import { steppedRowQueue } from '@promptly/api/bulk/testing/stepped-row-queue'
import { insertBuiltTool } from '@promptly/api/tool-builder/builder-writes'
import { builderDraft } from '@promptly/api/tool-builder/testing/builder-fixtures'
import { builtToolInput } from '@promptly/api/tool-builder/tool-builder.schema'

import { routeTable } from '../../testing/fuzz/route-table.ts'
import type { TestAccount } from '../../testing/local-accounts.ts'
import { useTestApp } from '../../testing/use-test-app.ts'
import { isLegacyApiPath } from '../legacy-api-paths.ts'
import { DOCS_PAGE_PATH, OPENAPI_JSON_PATH } from './register-openapi.ts'
import { documentedOperations, envelopeProblems, type Operation } from './testing/documented-operations.ts'
import { BIO_GROUPS, BIO_TOOL_ID, sampleBodies } from './testing/sample-requests.ts'

const BODIES = sampleBodies(() => sessionAccountId)

interface Caller {
  name: string
  headers: Record<string, string>
  /** One of the caller's keys that the walk may revoke (never the one it calls with). */
  spareKeyId: string
  /** A bulk job of the caller's for each call that names one (each cancel cancels its own). */
  jobIds: Map<string, string>
}

// The seeded catalogue, the AI answered by the OpenAI-compatible fake, and no rate limit in the way.
// The session's account is an admin, so the admin console's calls answer too. Bulk rows wait in a
// queue nobody steps, so every job the walk made is still running when it is cancelled.
const ADMIN_EMAIL = 'ada.admin@example.test'
const t = useTestApp({
  seed: true,
  fakeAi: true,
  env: { RATE_LIMIT_PER_MINUTE: '100000', API_KEY_RATE_LIMIT_PER_MINUTE: '100000', ADMIN_EMAILS: ADMIN_EMAIL },
  services: { rowQueue: steppedRowQueue() },
})
let document: Record<string, unknown>
let sessionAccountId = ''
let bySession: Caller
let byApiKey: Caller

async function createKey(account: TestAccount, scopes: string[]): Promise<{ id: string; key: string }> {
  const payload = { name: 'Walk', scopes }
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/keys', headers: account.bearer, payload })
  const { data } = res.json<{ data: { key: string; apiKey: { id: string } } }>()
  return { id: data.apiKey.id, key: data.key }
}

beforeAll(async () => {
  // Verified (the frame's default): their trial credits pay for the calls that charge.
  const ada = await t.signUp({ name: 'Ada', email: ADMIN_EMAIL })
  sessionAccountId = ada.user.id
  const bob = await t.signUp({ name: 'Bob' })
  const jobIds = () => new Map<string, string>()
  bySession = {
    name: 'a session',
    headers: ada.bearer,
    spareKeyId: (await createKey(ada, ['read'])).id,
    jobIds: jobIds(),
  }
  const bobsKey = await createKey(bob, ['read', 'generate'])
  const bobsSpareKey = await createKey(bob, ['read'])
  const bobsHeaders = { authorization: `Bearer ${bobsKey.key}` }
  byApiKey = { name: 'an API key', headers: bobsHeaders, spareKeyId: bobsSpareKey.id, jobIds: jobIds() }
  document = (await t.app.inject({ method: 'GET', url: OPENAPI_JSON_PATH })).json()
  for (const caller of [bySession, byApiKey]) {
    for (const operation of documentedOperations(document).filter(({ path }) => path.includes('{jobId}'))) {
      caller.jobIds.set(operation.key, await createJob(caller))
    }
  }
  const owner = { ownerId: ada.user.id, published: true }
  const builtTool = async () =>
    (
      await insertBuiltTool(
        { db: t.db.prisma, caches: t.testApp.services.caches },
        builtToolInput.parse(builderDraft()),
        owner,
      )
    ).id
  walkTools.updated = await builtTool()
  // Each door of the delete deletes a tool of its own.
  for (const operation of documentedOperations(document)) {
    if (operation.call === 'DELETE /templates/delete/{id}') walkTools.deleted.set(operation.path, await builtTool())
  }
})

async function createJob(caller: Caller): Promise<string> {
  const payload = { toolId: BIO_TOOL_ID, rows: [BIO_GROUPS] }
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/bulk', headers: caller.headers, payload })
  return res.json<{ data: { jobId: string } }>().data.jobId
}

/** Built tools the walk rewrites and deletes, so the seeded tool the other calls read stays as it is. */
const walkTools = { updated: '', deleted: new Map<string, string>() }

function toolIdFor(path: string): string {
  if (path.includes('/objects/updateObject/')) return walkTools.updated
  const deleted = walkTools.deleted.get(path)
  if (deleted !== undefined) return deleted
  return BIO_TOOL_ID
}

function pathParam(name: string, operation: Operation, caller: Caller): string {
  const values: Record<string, string> = {
    category: 'All Tools',
    text: 'bio',
    toolId: BIO_TOOL_ID,
    id: operation.path.includes('/keys/') ? caller.spareKeyId : toolIdFor(operation.path),
    jobId: caller.jobIds.get(operation.key) ?? '',
  }
  const value = values[name]
  if (value === undefined) throw new Error(`No sample value for the path parameter ${name} of ${operation.key}`)
  return encodeURIComponent(value)
}

function requestFor(operation: Operation, caller: Caller): InjectOptions {
  const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => pathParam(name, operation, caller))
  const sample = BODIES[operation.call]
  if (operation.hasBody && !sample) throw new Error(`No sample body for ${operation.key}: add one to BODIES`)
  const body = sample?.() ?? {}
  return { method: operation.method, url, ...body, headers: { ...body.headers, ...caller.headers } }
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0')
    const result = await new Validator().validate(document)
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('documents every legacy REST route, and nothing else', () => {
    const isRest = (path: string) => /^\/api\/v[12]\//.test(path) || isLegacyApiPath(path)
    const routes = routeTable(t.app)
      .filter((route) => isRest(route.path))
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`)
    const documented = documentedOperations(document).map((operation) => operation.key)
    expect([...documented].sort()).toEqual([...new Set(routes)].sort())
    const expected = ['POST /api/v1/keys', 'GET /limits', 'POST /api/v2/response/transcription', 'POST /api/v1/bulk']
    expect(documented).toEqual(expect.arrayContaining(expected))
  })

  it('describes the session cookie and the API key with its read and generate scopes', () => {
    const schemes = (document.components as { securitySchemes: Record<string, { type: string; description: string }> })
      .securitySchemes
    expect(schemes.session).toMatchObject({ type: 'apiKey', in: 'cookie' })
    expect(schemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(schemes.apiKey?.description).toMatch(/`read`.*`generate`/s)
    const operations = documentedOperations(document)
    const decrease = operations.find((operation) => operation.key === 'POST /api/v1/limits/decrease')
    expect(decrease?.security).toEqual([{ session: [] }, { apiKey: ['generate'] }])
  })
})

describe('every documented operation, called with valid input', () => {
  it.each(['a session', 'an API key'])('answers its documented status and envelope with %s', async (callerName) => {
    const caller = callerName === 'a session' ? bySession : byApiKey
    const operations = documentedOperations(document).filter(
      (operation) => callerName === 'a session' || operation.security.some((scheme) => 'apiKey' in scheme),
    )
    expect(operations.length).toBeGreaterThan(30)
    const problems: string[] = []
    for (const operation of operations) {
      const res = await t.app.inject(requestFor(operation, caller))
      if (res.statusCode !== operation.successStatus) {
        const answered = `${res.statusCode}: ${res.body.slice(0, 200)}`
        problems.push(`${operation.key}: ${answered} instead of ${operation.successStatus}`)
        continue
      }
      problems.push(...answerProblems(operation, res).map((problem) => `${operation.key}: ${problem}`))
    }
    expect(problems).toEqual([])
  })
})

/** How an answer differs from what its operation documents: its envelope, or a file's content type. */
function answerProblems(operation: Operation, res: { headers: Record<string, unknown>; json(): unknown }): string[] {
  if (operation.answer === 'envelope') return envelopeProblems(operation, res.json())
  const type = String(res.headers['content-type'] ?? '').split(';')[0] ?? ''
  return operation.fileTypes.includes(type) ? [] : [`answered ${type}, not one of ${operation.fileTypes.join(', ')}`]
}

describe('the docs page', () => {
  it('answers HTML whose scripts, styles and images are all served from here', async () => {
    const page = await t.app.inject({ method: 'GET', url: DOCS_PAGE_PATH })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    const csp = String(page.headers['content-security-policy'])
    expect(csp).toContain("default-src 'self'")
    expect(csp).not.toMatch(/https?:/)
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '')
    expect(assets.length).toBeGreaterThan(3)
    for (const asset of assets) {
      expect(asset).not.toMatch(/^(?:[a-z]+:)?\/\//i)
      const res = await t.app.inject({ method: 'GET', url: new URL(asset, `http://local${DOCS_PAGE_PATH}`).pathname })
      expect(res.statusCode, asset).toBe(200)
    }
    const initializer = await t.app.inject({ method: 'GET', url: `${DOCS_PAGE_PATH}/static/swagger-initializer.js` })
    expect(initializer.body).toContain('validatorUrl: null')
  })
})
