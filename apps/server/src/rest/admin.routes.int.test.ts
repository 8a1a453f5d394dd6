import { beforeAll, describe, expect, it } from 'vitest'

import type { TestAccount } from '../testing/local-accounts.ts'
import { useTestApp } from '../testing/use-test-app.ts'

const DAY = 24 * 60 * 60 * 1000
const t = useTestApp({ env: { ADMIN_EMAILS: 'support@example.com', RATE_LIMIT_PER_MINUTE: '100000' } })
let admin: TestAccount
let bob: TestAccount

beforeAll(async () => {
  // Verified through the mail's link (the frame's default), so the listed address makes an admin.
  admin = await t.signUp({ name: 'Support', email: 'support@example.com' })
  bob = await t.signUp({ name: 'Bob' })
})

const BASES = ['/api/v1', '/api/v2', '']

async function keyOf(account: TestAccount): Promise<string> {
  const payload = { name: 'script', scopes: ['read', 'generate'] }
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/keys', headers: account.bearer, payload })
  return res.json<{ data: { key: string } }>().data.key
}

function list(headers: Record<string, string>, query = '') {
  return t.app.inject({ method: 'GET', url: `/user/get/all${query}`, headers })
}

function addCredit(headers: Record<string, string>, payload: Record<string, unknown>, base = '') {
  return t.app.inject({ method: 'POST', url: `${base}/admin/addCreditManual`, headers, payload })
}

interface Row {
  _id: string
  clerkId: string
  name: string
  email: string
  current_limit: number
}

describe('GET /user/get/all and POST /admin/addCreditManual', () => {
  it.each(BASES)('refuse a visitor (401), a plain user (403) and any API key (403) under "%s"', async (base) => {
    const bobsKey = { authorization: `Bearer ${await keyOf(bob)}` }
    const adminsKey = { authorization: `Bearer ${await keyOf(admin)}` }
    const calls = [
      { method: 'GET' as const, url: `${base}/user/get/all` },
      {
        method: 'POST' as const,
        url: `${base}/admin/addCreditManual`,
        payload: { userId: bob.user.id, credit: 5, days: 5 },
      },
    ]
    for (const call of calls) {
      const signedOut = await t.app.inject(call)
      expect(signedOut.statusCode, call.url).toBe(401)
      expect(signedOut.json()).toMatchObject({ status: 'error', error: 'Login to continue...', code: 'UNAUTHORIZED' })
      const plain = await t.app.inject({ ...call, headers: bob.bearer })
      expect(plain.statusCode, call.url).toBe(403)
      expect(plain.json()).toMatchObject({ status: 'error', error: 'Cannot access ', code: 'FORBIDDEN' })
      expect((await t.app.inject({ ...call, headers: bobsKey })).statusCode, call.url).toBe(403)
      expect((await t.app.inject({ ...call, headers: adminsKey })).statusCode, call.url).toBe(403)
    }
    expect(await t.db.prisma.creditEntry.count({ where: { reason: 'admin_topup' } })).toBe(0)
  })

  it("gives a plain user no admin rights for naming an admin's clerkId", async () => {
    const claimed = `?clerkId=${encodeURIComponent(admin.user.clerkId)}`
    expect((await list(bob.bearer, claimed)).statusCode).toBe(403)
    const res = await t.app.inject({
      method: 'POST',
      url: `/admin/addCreditManual${claimed}`,
      headers: bob.bearer,
      payload: { userId: bob.user.id, credit: 500, days: 30 },
    })
    expect(res.statusCode).toBe(403)
    expect(await t.db.prisma.creditEntry.count({ where: { userId: bob.user.id, reason: 'admin_topup' } })).toBe(0)
  })

  it("lists every account with the spec's row (clerkId, name, email, current_limit, _id) for an admin", async () => {
    for (const base of BASES) {
      const res = await t.app.inject({ method: 'GET', url: `${base}/user/get/all`, headers: admin.bearer })
      expect(res.statusCode).toBe(200)
      const body = res.json<{ status: string; data: Row[] }>()
      expect(body.status).toBe('OK')
      expect(body).not.toHaveProperty('nextCursor')
      expect(body.data.find((row) => row._id === bob.user.id)).toMatchObject({
        clerkId: bob.user.clerkId,
        name: 'Bob',
        email: bob.email,
        current_limit: 30,
        max_limit: 30,
        plan: 'free',
        role: 'user',
      })
    }
  })

  it('pages, searches and sorts when asked, each account once', async () => {
    const others = [await t.signUp({ name: 'Carol' }), await t.signUp({ name: 'Dave' })]
    const total = await t.db.prisma.user.count()
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const query: string = `?sort=name&order=desc&limit=1${cursor ? `&cursor=${cursor}` : ''}`
      const res = await list(admin.bearer, query)
      expect(res.statusCode).toBe(200)
      const body = res.json<{ data: Row[]; nextCursor?: string }>()
      expect(body.data).toHaveLength(1)
      seen.push(...body.data.map((row) => row.name))
      cursor = body.nextCursor ?? null
    } while (cursor && seen.length <= total)
    expect(seen).toHaveLength(total)
    expect(seen).toEqual([...seen].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase())))
    const found = await list(admin.bearer, `?search=${encodeURIComponent(others[1]!.email.toUpperCase())}`)
    expect(found.json<{ data: Row[] }>().data.map((row) => row.name)).toEqual(['Dave'])
    expect((await list(admin.bearer, '?limit=0')).statusCode).toBe(400)
    expect((await list(admin.bearer, '?cursor=nonsense')).statusCode).toBe(400)
  })

  it("does not read an admin's ?clerkId=: the list is the admin's, and no act-as entry is written", async () => {
    const before = await t.db.prisma.auditEntry.count()
    const res = await list(admin.bearer, `?clerkId=${encodeURIComponent(bob.user.clerkId)}`)
    expect(res.statusCode).toBe(200)
    expect(res.json<{ data: Row[] }>().data.length).toBeGreaterThan(1)
    expect(await t.db.prisma.auditEntry.count()).toBe(before)
  })

  it('grants the credits and the days sent (not the credits as days), audited as the admin', async () => {
    const started = Date.now()
    const res = await addCredit(admin.bearer, { userId: bob.user.id, credit: 40, days: 3 }, '/api/v1')
    const finished = Date.now()
    expect(res.statusCode).toBe(200)
    const body = res.json<{ message: string; data: { auditId: string; current_limit: number } }>()
    expect(body).toMatchObject({ status: 'OK', message: 'Added Credits', data: { current_limit: 70 } })

    const entry = await t.db.prisma.creditEntry.findFirstOrThrow({
      where: { userId: bob.user.id, reason: 'admin_topup' },
    })
    expect(entry).toMatchObject({ amount: 40, reference: body.data.auditId })
    expect(entry.expiresAt!.getTime()).toBeGreaterThanOrEqual(started + 3 * DAY)
    expect(entry.expiresAt!.getTime()).toBeLessThanOrEqual(finished + 3 * DAY)
    const audit = await t.db.prisma.auditEntry.findUniqueOrThrow({ where: { id: body.data.auditId } })
    expect(audit).toMatchObject({
      actorId: admin.user.id,
      targetUserId: bob.user.id,
      action: 'credits.grant',
      details: { credits: 40, days: 3 },
    })
    const limits = await t.app.inject({ method: 'GET', url: '/limits', headers: bob.bearer })
    expect(limits.json()).toMatchObject({ data: { current_limit: 70, max_limit: 70 } })
  })

  it('takes the account by clerkId too, and numbers sent as text, as the legacy dialog did', async () => {
    const carol = await t.signUp({ name: 'Carol' })
    const res = await addCredit(admin.bearer, { userId: carol.user.clerkId, credit: '25', days: '10' })
    expect(res.statusCode).toBe(200)
    const entry = await t.db.prisma.creditEntry.findFirstOrThrow({
      where: { userId: carol.user.id, reason: 'admin_topup' },
    })
    expect(entry.amount).toBe(25)
    expect(Math.round((entry.expiresAt!.getTime() - entry.createdAt.getTime()) / DAY)).toBe(10)
  })

  it('refuses credits or days that are not sane whole numbers (400) and an unknown account (404)', async () => {
    const dave = await t.signUp({ name: 'Dave' })
    const bad = [
      { credit: 0, days: 5 },
      { credit: 5, days: 0 },
      { credit: 5.5, days: 5 },
      { credit: '5e3', days: 5 },
      { credit: 5, days: 3651 },
      { credit: 100_001, days: 5 },
      { days: 5 },
    ]
    for (const payload of bad) {
      const res = await addCredit(admin.bearer, { userId: dave.user.id, ...payload })
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
    }
    const unknown = await addCredit(admin.bearer, { userId: 'user_nobody', credit: 5, days: 5 })
    expect(unknown.statusCode).toBe(404)
    expect(await t.db.prisma.creditEntry.count({ where: { userId: dave.user.id, reason: 'admin_topup' } })).toBe(0)
  })
})
