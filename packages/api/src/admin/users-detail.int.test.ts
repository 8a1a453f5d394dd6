import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import type { SignedInUser } from '../context.ts'
import { callerFor, createTestUser } from '../testing/test-caller.ts'
import { adminAndPlainUser, expectAdminOnly, trpcCodeOf } from './testing/admin-only.ts'
import { USER_DETAIL_RECENT } from './users-detail.schema.ts'

let db: TestDatabase
let admin: SignedInUser
let plain: SignedInUser
let ada: SignedInUser

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute))

beforeAll(async () => {
  db = await createTestDatabase({ seed: true })
  ;({ admin, plain } = await adminAndPlainUser(db.prisma))
  ada = await createTestUser(db.prisma, 'Ada')
  const count = USER_DETAIL_RECENT + 5
  const tool = await db.prisma.tool.findFirstOrThrow({ where: { kind: 'generic' } })
  const monthly = await db.prisma.planOffer.findUniqueOrThrow({ where: { key: 'MONTHLY' } })
  await db.prisma.creditEntry.createMany({
    data: Array.from({ length: count }, (_, index) => ({
      userId: ada.id,
      amount: index + 1,
      reason: 'referral' as const,
      reference: randomUUID(),
      createdAt: at(index),
    })),
  })
  await db.prisma.generation.createMany({
    data: Array.from({ length: count }, (_, index) => ({
      userId: ada.id,
      toolId: tool.id,
      kind: 'generic' as const,
      input: {},
      credits: index + 1,
      provider: 'local',
      status: 'succeeded' as const,
      createdAt: at(index),
    })),
  })
  await db.prisma.purchase.createMany({
    data: Array.from({ length: count }, (_, index) => ({
      userId: ada.id,
      planOfferId: monthly.id,
      planKey: 'MONTHLY' as const,
      name: `Monthly ${index}`,
      priceCents: 1000 + index,
      credits: 1000,
      provider: 'local',
      createdAt: at(index),
    })),
  })
  // Someone else's records never show in Ada's detail.
  await db.prisma.creditEntry.create({
    data: { userId: plain.id, amount: 7, reason: 'referral', reference: randomUUID(), createdAt: at(59) },
  })
})
afterAll(() => db.close())

describe('admin.users.detail', () => {
  it('answers UNAUTHORIZED signed out and FORBIDDEN to a plain user', async () => {
    await expectAdminOnly(db.prisma, plain, (caller) => caller.admin.users.detail({ userId: ada.id }))
  })

  it("shows the account's row and its latest ledger entries, generations and purchases, newest first", async () => {
    const detail = await callerFor(db.prisma, admin).admin.users.detail({ userId: ada.id })
    expect(detail.user).toMatchObject({ _id: ada.id, clerkId: ada.clerkId, name: 'Ada', email: ada.email })
    const newest = USER_DETAIL_RECENT + 5
    const expected = Array.from({ length: USER_DETAIL_RECENT }, (_, index) => newest - index)
    expect(detail.ledger.map((entry) => entry.amount)).toEqual(expected)
    expect(detail.generations.map((generation) => generation.credits)).toEqual(expected)
    expect(detail.generations[0]).toMatchObject({ status: 'succeeded', kind: 'generic', createdAt: at(newest - 1) })
    expect(detail.generations[0]?.toolName).toEqual(expect.any(String))
    expect(detail.purchases.map((purchase) => purchase.priceCents)).toEqual(expected.map((value) => 999 + value))
    expect(detail.purchases[0]).toMatchObject({ plan: 'MONTHLY', status: 'pending', name: `Monthly ${newest - 1}` })
  })

  it("says on an admin's grant and revoke who made it and why; other entries name no admin", async () => {
    const grace = await createTestUser(db.prisma, 'Grace')
    const adminApi = callerFor(db.prisma, admin).admin
    await adminApi.credits.grant({ userId: grace.id, credits: 40, days: 7, note: 'Refund for a failed run' })
    await adminApi.credits.revoke({ userId: grace.id, credits: 15 })
    await db.prisma.creditEntry.create({
      data: { userId: grace.id, amount: 3, reason: 'referral', reference: randomUUID() },
    })

    const { ledger } = await adminApi.users.detail({ userId: grace.id })
    const by = { id: admin.id, name: admin.name, email: admin.email }
    const byReason = Object.fromEntries(ledger.map((entry) => [entry.reason, [entry.amount, entry.admin]]))
    expect(byReason).toEqual({
      admin_topup: [40, { by, note: 'Refund for a failed run' }],
      admin_revoke: [-15, { by, note: '' }],
      referral: [3, undefined],
    })
  })

  it('answers NOT_FOUND for an unknown account and BAD_REQUEST for an id that is not one', async () => {
    const caller = callerFor(db.prisma, admin)
    expect(await trpcCodeOf(caller.admin.users.detail({ userId: randomUUID() }))).toBe('NOT_FOUND')
    expect(await trpcCodeOf(caller.admin.users.detail({ userId: 'local_ada' }))).toBe('BAD_REQUEST')
  })
})
