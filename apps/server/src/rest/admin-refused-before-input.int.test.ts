import type { InjectOptions } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'

import { MESSAGES } from '@promptly/core/messages'

import { ROUTE_ACCESS } from '../testing/authorization/route-access.ts'
import { tableFingerprints } from '../testing/authorization/table-fingerprints.ts'
import type { TestAccount } from '../testing/local-accounts.ts'
import { useTestApp } from '../testing/use-test-app.ts'
import { OPENAPI_JSON_PATH } from './openapi/register-openapi.ts'
import { documentedOperations, type Operation } from './openapi/testing/documented-operations.ts'

const ADMIN_EMAIL = 'before-input-admin@example.test'
const t = useTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL, RATE_LIMIT_PER_MINUTE: '100000' } })
let admin: TestAccount
let plain: TestAccount
/** Every door (/api/v1, /api/v2, unprefixed) of every call the authorisation table gives to admins. */
let adminCalls: Operation[]

beforeAll(async () => {
  admin = await t.signUp({ name: 'Admin', email: ADMIN_EMAIL })
  plain = await t.signUp({ name: 'Plain' })
  const document = (await t.app.inject({ method: 'GET', url: OPENAPI_JSON_PATH })).json<unknown>()
  adminCalls = documentedOperations(document).filter((operation) => ROUTE_ACCESS[operation.call] === 'admin')
})

/**
 * A request no admin call accepts: an id that is none in the path, query values out of range (a
 * page of none, a cursor and a reason that say nothing) and a body of the wrong types throughout.
 */
function invalidRequest(operation: Operation, headers: Record<string, string>): InjectOptions {
  const path = operation.path.replace(/\{\w+\}/g, 'not-an-id')
  return {
    method: operation.method as InjectOptions['method'],
    url: `${path}?limit=0&cursor=nonsense&reason=x`,
    headers,
    ...(operation.hasBody && { payload: { userId: '', credit: 'many', days: -1, name: 42, groups: 'none' } }),
  }
}

describe('the admin REST calls refuse a non-admin before reading the input', () => {
  it('covers the console and builder calls under every door', () => {
    const calls = new Set(adminCalls.map((operation) => operation.call))
    expect([...calls].sort()).toEqual(
      Object.keys(ROUTE_ACCESS)
        .filter((call) => ROUTE_ACCESS[call] === 'admin')
        .sort(),
    )
    expect(adminCalls.map((operation) => operation.path)).toEqual(
      expect.arrayContaining(['/api/v2/admin/addCreditManual', '/admin/addCreditManual', '/templates/delete/{id}']),
    )
  })

  it('answers a plain user 403 "Cannot access " for input an admin is told is a 400, and writes nothing', async () => {
    const before = await tableFingerprints(t.db.prisma)
    const answers: string[] = []
    for (const operation of adminCalls) {
      const refused = await t.app.inject(invalidRequest(operation, plain.bearer))
      const body = refused.json<{ code?: string; error?: string }>()
      answers.push(`${operation.key}: ${refused.statusCode} ${body.code} ${body.error}`)
      const invalid = await t.app.inject(invalidRequest(operation, admin.bearer))
      answers.push(`${operation.key} as an admin: ${invalid.statusCode}`)
    }
    expect(answers).toEqual(
      adminCalls.flatMap((operation) => [
        `${operation.key}: 403 FORBIDDEN ${MESSAGES.cannotAccess}`,
        `${operation.key} as an admin: 400`,
      ]),
    )
    expect(await tableFingerprints(t.db.prisma)).toEqual(before)
  })
})
