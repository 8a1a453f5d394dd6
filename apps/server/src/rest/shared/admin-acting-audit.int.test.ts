import { beforeAll, describe, expect, it } from 'vitest'

import type { TestAccount } from '../../testing/local-accounts.ts'
import { useTestApp } from '../../testing/use-test-app.ts'

const t = useTestApp({ env: { ADMIN_EMAILS: 'support@example.com', RATE_LIMIT_PER_MINUTE: '100000' } })
let admin: TestAccount
let bob: TestAccount

beforeAll(async () => {
  // Verified through the mail's link (the frame's default), so the listed address makes an admin.
  admin = await t.signUp({ name: 'Support', email: 'support@example.com' })
  bob = await t.signUp({ name: 'Bob' })
})

const entriesAbout = (userId: string) =>
  t.db.prisma.auditEntry.findMany({ where: { targetUserId: userId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })

function as(who: TestAccount, method: 'GET' | 'POST', url: string) {
  return t.app.inject({ method, url, headers: who.bearer })
}

describe('an admin acting on another account through ?clerkId=', () => {
  it('writes one audit entry per call naming the admin, the account and the route, for reads and writes', async () => {
    const before = await t.db.prisma.auditEntry.count()
    const read = await as(admin, 'GET', `/api/v1/limits?clerkId=${bob.user.clerkId}`)
    expect(read.statusCode).toBe(200)
    const write = await as(admin, 'POST', `/api/v2/limits/decrease?clerkId=${bob.user.clerkId}`)
    expect(write.statusCode).toBe(200)

    expect(await t.db.prisma.auditEntry.count()).toBe(before + 2)
    const [first, second] = await entriesAbout(bob.user.id)
    expect(first).toMatchObject({
      actorId: admin.user.id,
      targetUserId: bob.user.id,
      action: 'rest:GET /limits',
      details: { via: 'rest', route: '/api/v1/limits', clerkId: bob.user.clerkId },
    })
    expect(first?.createdAt).toBeInstanceOf(Date)
    expect(second).toMatchObject({ actorId: admin.user.id, action: 'rest:POST /limits/decrease' })
    expect(second?.details).toMatchObject({ route: '/api/v2/limits/decrease' })
  })

  it('shows the entry to the admin through admin.audit.list', async () => {
    const input = encodeURIComponent(JSON.stringify({ json: { targetUserId: bob.user.id } }))
    const res = await as(admin, 'GET', `/trpc/admin.audit.list?input=${input}`)
    expect(res.statusCode).toBe(200)
    const { entries } = res.json().result.data.json
    expect(entries[0]).toMatchObject({ actor: { id: admin.user.id }, target: { id: bob.user.id, name: 'Bob' } })
    const refused = await as(bob, 'GET', `/trpc/admin.audit.list?input=${input}`)
    expect(refused.statusCode).toBe(403)
  })

  it('writes nothing when a user acts on their own account, with or without their clerkId', async () => {
    const before = await t.db.prisma.auditEntry.count()
    expect((await as(bob, 'GET', `/api/v1/limits?clerkId=${bob.user.clerkId}`)).statusCode).toBe(200)
    expect((await as(bob, 'GET', '/api/v1/limits')).statusCode).toBe(200)
    expect((await as(admin, 'GET', `/api/v1/limits?clerkId=${admin.user.clerkId}`)).statusCode).toBe(200)
    expect(await t.db.prisma.auditEntry.count()).toBe(before)
  })

  it('writes nothing for a refused call: a non-admin naming someone else, or an unknown clerkId', async () => {
    const before = await t.db.prisma.auditEntry.count()
    expect((await as(bob, 'GET', `/api/v1/limits?clerkId=${admin.user.clerkId}`)).statusCode).toBe(403)
    expect((await as(admin, 'GET', '/api/v1/limits?clerkId=local_nobody')).statusCode).toBe(404)
    expect((await as(admin, 'POST', '/api/v1/limits/decrease?clerkId=%00')).statusCode).toBe(400)
    expect(await t.db.prisma.auditEntry.count()).toBe(before)
  })
})
