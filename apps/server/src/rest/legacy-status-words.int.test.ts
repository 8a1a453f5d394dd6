import { beforeAll, describe, expect, it } from 'vitest'

import { builderDraft } from '@promptly/api/tool-builder/testing/builder-fixtures'

import type { TestAccount } from '../testing/local-accounts.ts'
import { useTestApp } from '../testing/use-test-app.ts'
import { OPENAPI_JSON_PATH } from './openapi/register-openapi.ts'
import { documentedOperations, fixedValueOf } from './openapi/testing/documented-operations.ts'

/**
 * The original backend's status words (its responseCodes.utils): "OK" with a 200, "Inserted" with a
 * 201, "error" with a failure. Legacy scripts compare them.
 */
const ADMIN_EMAIL = 'status-words-admin@example.test'
const t = useTestApp({ seed: true, env: { ADMIN_EMAILS: ADMIN_EMAIL, RATE_LIMIT_PER_MINUTE: '100000' } })
let admin: TestAccount

beforeAll(async () => {
  admin = await t.signUp({ name: 'Admin', email: ADMIN_EMAIL })
})

describe('the legacy status words', () => {
  it('are documented for every call: "OK" for each 200, "Inserted" for each 201', async () => {
    const document = (await t.app.inject({ method: 'GET', url: OPENAPI_JSON_PATH })).json<unknown>()
    // A download (a bulk run's results) is the file itself: there is no envelope to carry a word.
    const answers = documentedOperations(document).filter((operation) => operation.answer === 'envelope')
    const words = answers.map((operation) => {
      const status = fixedValueOf(operation.successSchema.properties?.status)
      return `${operation.key} ${operation.successStatus} ${String(status)}`
    })
    expect(words.length).toBeGreaterThan(50)
    const expected = words.map((word) =>
      word.replace(/ (\d+) \S+$/, (_, code: string) => ` ${code} ${code === '201' ? 'Inserted' : 'OK'}`),
    )
    expect(words).toEqual(expected)
    expect(words).toEqual(expect.arrayContaining(['POST /api/v1/keys 201 Inserted', 'GET /api/v2/limits 200 OK']))
  })

  it('answer "OK" with a 200, in message and in data envelopes', async () => {
    for (const url of ['/api/v1/objects/getCategories', '/api/v2/limits', '/limits', '/api/v1/plans']) {
      const res = await t.app.inject({ method: 'GET', url, headers: admin.bearer })
      expect([url, res.statusCode, res.json().status]).toEqual([url, 200, 'OK'])
    }
  })

  it('answer "Inserted" with a 201: a tool created, an API key created', async () => {
    const tool = await t.app.inject({
      method: 'POST',
      url: '/api/v2/objects/addObjectOnce',
      headers: admin.bearer,
      payload: builderDraft(),
    })
    expect([tool.statusCode, tool.json().status]).toEqual([201, 'Inserted'])
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/v1/keys',
      headers: admin.bearer,
      payload: { name: 'Words', scopes: ['read'] },
    })
    expect([key.statusCode, key.json().status]).toEqual([201, 'Inserted'])
  })

  it('answer "error" with a failure', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/objects/getObject/00000000-0000-4000-8000-000000000000',
    })
    expect([res.statusCode, res.json().status]).toEqual([404, 'error'])
  })
})
