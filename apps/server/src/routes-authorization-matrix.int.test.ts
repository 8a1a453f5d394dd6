import { existsSync } from 'node:fs'
import type { InjectOptions } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'

import { OPENAPI_JSON_PATH } from './rest/openapi/register-openapi.ts'
import { documentedOperations } from './rest/openapi/testing/documented-operations.ts'
import { cellsThatDiffer, outcomeOfStatus } from './testing/authorization/matrix-walk.ts'
import {
  OTHER_ROUTE_ACCESS,
  type OtherRouteRow,
  type RouteFixtures,
} from './testing/authorization/other-route-access.ts'
import { CALLERS, EXPECTED, type CallerName, type Outcome } from './testing/authorization/procedure-access.ts'
import { tableFingerprints } from './testing/authorization/table-fingerprints.ts'
import { routeTable } from './testing/fuzz/route-table.ts'
import { signInTestAccount, type TestAccount } from './testing/local-accounts.ts'
import { useTestApp } from './testing/use-test-app.ts'

const ADMIN_EMAIL = 'routes-matrix-admin@example.test'
// Images answered by the OpenAI-compatible fake; the local checkout (no Stripe keys) takes payments.
const t = useTestApp({
  seed: true,
  listen: true,
  fakeAi: true,
  env: { ADMIN_EMAILS: ADMIN_EMAIL, RATE_LIMIT_PER_MINUTE: '100000' },
})

const accounts = {} as Record<Exclude<CallerName, 'anonymous'>, TestAccount>
let fixtures: RouteFixtures

function expectedOutcome(row: OtherRouteRow, caller: CallerName): Outcome {
  const given = row.outcomes?.[caller]
  if (given) return given
  if (row.access === 'payment-provider' || row.access === 'identity-provider') {
    throw new Error("a provider's webhook is checked in its own tests")
  }
  return EXPECTED[row.access][caller]
}

async function outcomeOf(key: string, row: OtherRouteRow, caller: CallerName): Promise<string> {
  const [method = 'GET'] = key.split(' ')
  const request = row.request?.(fixtures)
  if (!request) throw new Error(`${key} has no request`)
  const headers = caller === 'anonymous' ? {} : accounts[caller].bearer
  const res = await t.app.inject({ method: method as InjectOptions['method'], headers, ...request })
  // A redirect answers too (the docs page sends the browser on to its files).
  return res.statusCode >= 300 && res.statusCode < 400 ? 'ok' : outcomeOfStatus(res.statusCode)
}

/** The rows the matrix calls itself. */
const walk = () => ({
  rows: Object.entries(OTHER_ROUTE_ACCESS).filter(([, row]) => row.request !== undefined),
  callers: CALLERS,
  destructive: (row: OtherRouteRow) => row.destructive === true,
  expected: expectedOutcome,
  outcomeOf,
})

beforeAll(async () => {
  accounts.user = await t.signUp({ name: 'Owner' })
  accounts.otherUser = await t.signUp({ name: 'Other' })
  accounts.admin = await t.signUp({ name: 'Admin', email: ADMIN_EMAIL })
  const owner = t.trpc(accounts.user)
  const image = await owner.generation.image.mutate({ prompt: 'A fox', n: 1, quality: 'standard' })
  const checkout = await owner.payments.createCheckout.mutate({ plan: 'MONTHLY' })
  // A second device of the owner's: the session the owner's own call ends.
  const otherDevice = await signInTestAccount(t.app, accounts.user)
  const sessions = await t.app.inject({ method: 'GET', url: '/api/auth/local/sessions', headers: otherDevice.bearer })
  const current = sessions.json<{ sessions: { id: string; current: boolean }[] }>().sessions.find((s) => s.current)
  fixtures = {
    mediaId: image.images[0]!.id,
    purchaseId: checkout.purchaseId,
    sessionId: current!.id,
    userClerkId: accounts.user.user.clerkId,
  }
})

describe('the authorisation matrix of the other routes', () => {
  it('has a row for every route outside tRPC and the OpenAPI document, and a route for every row', async () => {
    const document = (await t.app.inject({ method: 'GET', url: OPENAPI_JSON_PATH })).json()
    const documented = new Set(
      documentedOperations(document).map((operation) => operation.key.replace(/\{(\w+)\}/g, ':$1')),
    )
    const others = routeTable(t.app)
      .map((route) => `${route.method} ${route.path}`)
      .filter((key) => !documented.has(key) && !key.endsWith(' /trpc/:path'))
    // Routes served only with a setting this server lacks are checked where a server has it (servedWith).
    const served = Object.entries(OTHER_ROUTE_ACCESS).filter(([, row]) => row.servedWith === undefined)
    expect([...new Set(others)].sort()).toEqual(served.map(([key]) => key).sort())
  })

  it('names, for every route it does not call, a test file that exists', () => {
    for (const [key, row] of Object.entries(OTHER_ROUTE_ACCESS)) {
      if (row.request) continue
      expect(row.checkedIn, key).toBeDefined()
      expect(existsSync(new URL(`./${row.checkedIn}`, import.meta.url)), `${key}: ${row.checkedIn}`).toBe(true)
    }
  })

  it('refuses every caller a route is not for, and writes nothing', async () => {
    const before = await tableFingerprints(t.db.prisma)
    expect(await cellsThatDiffer(walk(), 'refused')).toEqual([])
    expect(await tableFingerprints(t.db.prisma)).toEqual(before)
  })

  it('answers every caller a route is for', async () => {
    expect(await cellsThatDiffer(walk(), 'allowed')).toEqual([])
  })
})
