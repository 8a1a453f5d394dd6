import { beforeAll, describe, expect, it } from 'vitest'

import { MESSAGES } from '@promptly/core/messages'

import { tableFingerprints } from '../testing/authorization/table-fingerprints.ts'
import type { TestAccount } from '../testing/local-accounts.ts'
import { useTestApp } from '../testing/use-test-app.ts'

/**
 * GET /admin/all and /admin/search, the original admin console's later calls (its client called
 * them on /api/v2 with `?limit&page`): answered as the original did, `data: { users, numberOfPages,
 * userCount, limit, page }`, over the admin user list's handler, on every base, for admins only.
 */
const ADMIN_EMAIL = 'pages-admin@example.test'
const t = useTestApp({ seed: true, env: { ADMIN_EMAILS: ADMIN_EMAIL, RATE_LIMIT_PER_MINUTE: '100000' } })
const BASES = ['/api/v1', '/api/v2', ''] as const
let admin: TestAccount
let plain: TestAccount
const people: TestAccount[] = []

interface PageBody {
  status: string
  data: {
    users: Record<string, unknown>[]
    numberOfPages: number
    userCount: number
    limit: number
    page: number
  }
}

async function page(url: string, who: TestAccount = admin) {
  const res = await t.app.inject({ method: 'GET', url, headers: who.bearer })
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200)
  return res.json<PageBody>()
}

/** Every account's id, newest first: the order the original listed them in. */
async function idsNewestFirst(): Promise<string[]> {
  const users = await t.db.prisma.user.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] })
  return users.map((user) => user.id)
}

beforeAll(async () => {
  admin = await t.signUp({ name: 'Admin', email: ADMIN_EMAIL })
  plain = await t.signUp({ name: 'Plain' })
  for (const name of ['Zoe Quill', 'Yann Quill', 'Xena Stone']) people.push(await t.signUp({ name }))
  // Yann has fewer credits than everyone else (5 of his 30 left), and a purchase in his history.
  for (let used = 0; used < 25; used += 1) {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/limits/decrease', headers: people[1]!.bearer })
    expect(res.statusCode).toBe(200)
  }
  const checkout = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payment/create-checkout-session',
    headers: people[1]!.bearer,
    payload: { product: 'MONTHLY' },
  })
  expect(checkout.statusCode).toBe(200)
})

describe.each(BASES)('GET %s/admin/all', (base) => {
  it('answers a numbered page of users, newest first, with the counts the pager reads', async () => {
    const ids = await idsNewestFirst()
    const first = await page(`${base}/admin/all?limit=2&page=1`)
    expect(first.status).toBe('OK')
    expect(first.data).toMatchObject({
      userCount: ids.length,
      numberOfPages: Math.ceil(ids.length / 2),
      limit: 2,
      page: 1,
    })
    const second = await page(`${base}/admin/all?limit=2&page=2`)
    expect([...first.data.users, ...second.data.users].map((user) => user._id)).toEqual(ids.slice(0, 4))
    const last = await page(`${base}/admin/all?limit=2&page=${first.data.numberOfPages}`)
    expect(last.data.users.map((user) => user._id)).toEqual(ids.slice((first.data.numberOfPages - 1) * 2))
    expect((await page(`${base}/admin/all?limit=2&page=99`)).data.users).toEqual([])
    // With no query: the original's first page of 10.
    expect((await page(`${base}/admin/all`)).data).toMatchObject({ limit: 10, page: 1 })
  })

  it("gives each user the spec's row and the original's names: clientId, plan, planHistory", async () => {
    const yann = people[1]!
    const users = (await page(`${base}/admin/all?limit=50&page=1`)).data.users
    const row = users.find((user) => user._id === yann.user.id)
    const stored = await t.db.prisma.user.findUniqueOrThrow({ where: { id: yann.user.id } })
    expect(row).toMatchObject({
      _id: yann.user.id,
      clerkId: yann.user.clerkId,
      clientId: yann.user.clerkId,
      name: 'Yann Quill',
      email: yann.user.email,
      current_limit: 5,
      max_limit: stored.creditMax,
      registeredAt: stored.createdAt.toISOString(),
      plan: {
        name: 'free',
        currentLimit: 5,
        maxLimit: stored.creditMax,
        expairyDate: stored.trialEndsAt?.toISOString(),
      },
    })
    expect(row?.planHistory).toEqual([
      expect.objectContaining({ name: 'Monthly', price: 14.99, creditOptained: 1000, status: 'pending' }),
    ])
    expect(users.find((user) => user._id === plain.user.id)?.planHistory).toEqual([])
  })
})

describe.each(BASES)('GET %s/admin/search', (base) => {
  const namesOf = (body: PageBody) => body.data.users.map((user) => user.name)

  it('finds users whose name or e-mail contains the text, in any case, newest first, counted', async () => {
    const byName = await page(`${base}/admin/search?name=QUILL&limit=20&page=1`)
    expect(namesOf(byName)).toEqual(['Yann Quill', 'Zoe Quill'])
    expect(byName.data).toMatchObject({ userCount: 2, numberOfPages: 1, limit: 20, page: 1 })
    const xena = people[2]!.user.email
    const either = await page(`${base}/admin/search?name=zoe&email=${encodeURIComponent(xena)}&limit=20&page=1`)
    expect(namesOf(either)).toEqual(['Xena Stone', 'Zoe Quill'])
  })

  it('filters by credits left, both bounds included, and pages the matches', async () => {
    const poor = await page(`${base}/admin/search?creditGreaterThan=0&creditLessThan=5&limit=20&page=1`)
    expect(namesOf(poor)).toEqual(['Yann Quill'])
    const quills = `${base}/admin/search?name=quill&creditGreaterThan=6&limit=1`
    expect(namesOf(await page(`${quills}&page=1`))).toEqual(['Zoe Quill'])
    expect((await page(`${quills}&page=1`)).data).toMatchObject({ userCount: 1, numberOfPages: 1 })
  })

  it('reads the empty fields the console sends as no filter', async () => {
    const all = await page(`${base}/admin/search?email=&name=&limit=50&page=1`)
    expect(all.data.users.map((user) => user._id)).toEqual(await idsNewestFirst())
    const second = await page(`${base}/admin/search?email=&name=&limit=2&page=2`)
    expect(second.data.users.map((user) => user._id)).toEqual((await idsNewestFirst()).slice(2, 4))
  })
})

describe('the admin pages refuse everyone but an admin with a session', () => {
  it.each(BASES.flatMap((base) => [`${base}/admin/all?limit=20&page=1`, `${base}/admin/search?name=a`]))(
    '%s: 401 signed out, 403 "Cannot access " for a plain user or an API key, and writes nothing',
    async (url) => {
      const before = await tableFingerprints(t.db.prisma)
      const signedOut = await t.app.inject({ method: 'GET', url })
      expect([signedOut.statusCode, signedOut.json().error]).toEqual([401, MESSAGES.loginToContinue])
      const refused = await t.app.inject({ method: 'GET', url, headers: plain.bearer })
      expect([refused.statusCode, refused.json().error]).toEqual([403, MESSAGES.cannotAccess])
      expect(refused.body).not.toContain(admin.user.email)
      expect(await tableFingerprints(t.db.prisma)).toEqual(before)
    },
  )

  it("refuses an admin's API key", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/keys',
      headers: admin.bearer,
      payload: { name: 'Pages', scopes: ['read'] },
    })
    const key = created.json<{ data: { key: string } }>().data.key
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/admin/all?limit=20&page=1',
      headers: { authorization: `Bearer ${key}` },
    })
    expect(res.statusCode).toBe(403)
  })

  it('answers an admin a 400 for a page of none or a limit out of range', async () => {
    for (const query of ['page=0', 'limit=0', 'limit=501', 'page=x', 'creditLessThan=many']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v2/admin/search?${query}`, headers: admin.bearer })
      expect([query, res.statusCode]).toEqual([query, 400])
    }
  })
})
