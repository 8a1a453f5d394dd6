import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import type { SignedInUser } from '../context.ts'
import { insertPlanOffers } from '../plans/testing/plan-offers.ts'
import { callerFor } from '../testing/test-caller.ts'
import { adminAndPlainUser, expectAdminOnly } from './testing/admin-only.ts'

let db: TestDatabase
let admin: SignedInUser
let plain: SignedInUser

beforeAll(async () => {
  db = await createTestDatabase()
  await insertPlanOffers(db.prisma)
  ;({ admin, plain } = await adminAndPlainUser(db.prisma))
})
afterAll(() => db.close())

describe('admin.plans.list', () => {
  it('lists every offer by key for an admin, those off sale too', async () => {
    const offers = await callerFor(db.prisma, admin).admin.plans.list()
    // Keys are an enum: they sort in its order (TOPUP, MONTHLY, YEARLY), not alphabetically.
    expect(offers.map((offer) => [offer.key, offer.active])).toEqual([
      ['TOPUP', false],
      ['MONTHLY', true],
      ['YEARLY', true],
    ])
    expect(offers[1]).toMatchObject({
      key: 'MONTHLY',
      name: 'Monthly',
      priceCents: 1900,
      credits: 1000,
      validityDays: 30,
    })
  })

  it('answers UNAUTHORIZED signed out and FORBIDDEN to a plain user', async () => {
    await expectAdminOnly(db.prisma, plain, (caller) => caller.admin.plans.list())
  })
})
