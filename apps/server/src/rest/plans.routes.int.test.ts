import { beforeAll, describe, expect, it } from 'vitest'

import { tableFingerprints } from '../testing/authorization/table-fingerprints.ts'
import type { TestAccount } from '../testing/local-accounts.ts'
import { useTestApp } from '../testing/use-test-app.ts'

const ADMIN_EMAIL = 'plans-admin@example.test'
const t = useTestApp({ seed: true, listen: true, env: { ADMIN_EMAILS: ADMIN_EMAIL, RATE_LIMIT_PER_MINUTE: '100000' } })
let admin: TestAccount
let bob: TestAccount
let carol: TestAccount
let bobsPurchaseId = ''

beforeAll(async () => {
  admin = await t.signUp({ name: 'Support', email: ADMIN_EMAIL })
  bob = await t.signUp({ name: 'Bob' })
  carol = await t.signUp({ name: 'Carol' })
  bobsPurchaseId = (await t.trpc(bob).payments.createCheckout.mutate({ plan: 'MONTHLY' })).purchaseId
})

const historyOf = (who: TestAccount, query = '') =>
  t.app.inject({ method: 'GET', url: `/plans/history${query}`, headers: who.bearer })

describe('GET /plans/history and ?clerkId=, as GET /limits treats it', () => {
  it("lets an admin read another account's purchases, audited as the admin on that account", async () => {
    const before = await t.db.prisma.auditEntry.count()
    const res = await historyOf(admin, `?clerkId=${encodeURIComponent(bob.user.clerkId)}`)
    expect(res.statusCode).toBe(200)
    expect(res.json<{ data: { id: string }[] }>().data.map((purchase) => purchase.id)).toEqual([bobsPurchaseId])

    expect(await t.db.prisma.auditEntry.count()).toBe(before + 1)
    const entry = await t.db.prisma.auditEntry.findFirstOrThrow({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] })
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      targetUserId: bob.user.id,
      action: 'rest:GET /plans/history',
      details: { route: '/plans/history', clerkId: bob.user.clerkId },
    })
  })

  it('answers a plain user naming another account 403, and a plain call their own purchases only', async () => {
    const before = await tableFingerprints(t.db.prisma)
    const refused = await historyOf(carol, `?clerkId=${encodeURIComponent(bob.user.clerkId)}`)
    expect(refused.statusCode).toBe(403)
    expect(await tableFingerprints(t.db.prisma)).toEqual(before)
    expect((await historyOf(carol)).json()).toMatchObject({ status: 'OK', data: [] })
  })

  it('never lets an admin buy for another account: the checkout refuses their clerkId with 403', async () => {
    const before = await tableFingerprints(t.db.prisma)
    const res = await t.app.inject({
      method: 'POST',
      url: `/payment/create-checkout-session?clerkId=${encodeURIComponent(bob.user.clerkId)}`,
      headers: admin.bearer,
      payload: { product: 'MONTHLY' },
    })
    expect(res.statusCode).toBe(403)
    expect(await tableFingerprints(t.db.prisma)).toEqual(before)
  })
})

describe.each(['/api/v1', '/api/v2', ''])('GET %s/plans/current', (base) => {
  const currentOf = (who: TestAccount, query = '') =>
    t.app.inject({ method: 'GET', url: `${base}/plans/current${query}`, headers: who.bearer })

  it("answers the caller's plan in force in the Limits' names and the original's", async () => {
    const res = await currentOf(carol)
    expect(res.statusCode).toBe(200)
    const stored = await t.db.prisma.user.findUniqueOrThrow({ where: { id: carol.user.id } })
    expect(res.json()).toEqual({
      status: 'OK',
      message: 'OK',
      data: {
        plan: 'free',
        current_limit: stored.creditBalance,
        max_limit: stored.creditMax,
        currentLimit: stored.creditBalance,
        maxLimit: stored.creditMax,
        expairyDate: stored.trialEndsAt?.toISOString(),
      },
    })
  })

  it('refuses a plain user naming another account, and lets an admin read it, audited', async () => {
    const before = await tableFingerprints(t.db.prisma)
    expect((await currentOf(carol, `?clerkId=${encodeURIComponent(bob.user.clerkId)}`)).statusCode).toBe(403)
    expect(await tableFingerprints(t.db.prisma)).toEqual(before)
    const read = await currentOf(admin, `?clerkId=${encodeURIComponent(bob.user.clerkId)}`)
    expect(read.json()).toMatchObject({ data: { plan: 'free', current_limit: 30 } })
    const entry = await t.db.prisma.auditEntry.findFirstOrThrow({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] })
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      targetUserId: bob.user.id,
      action: 'rest:GET /plans/current',
    })
  })

  it('answers a signed-out caller 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${base}/plans/current` })).statusCode).toBe(401)
  })
})
