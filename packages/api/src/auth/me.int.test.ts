import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import { callerFor, createTestUser } from '../testing/test-caller.ts'

let db: TestDatabase

beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(() => db.close())

describe('auth.me', () => {
  it('answers null signed out', async () => {
    expect(await callerFor(db.prisma, null).auth.me()).toBeNull()
  })

  it('answers the signed-in account as stored, with the admin decision made for the request', async () => {
    const ada = await createTestUser(db.prisma, 'Ada')
    expect(await callerFor(db.prisma, ada).auth.me()).toEqual({
      id: ada.id,
      clerkId: ada.clerkId,
      name: 'Ada',
      email: ada.email,
      imageUrl: ada.imageUrl,
      role: ada.role,
      isAdmin: false,
      plan: 'free',
      trialEndsAt: ada.trialEndsAt,
      emailVerified: false,
    })
    expect(await callerFor(db.prisma, { ...ada, isAdmin: true }).auth.me()).toMatchObject({ isAdmin: true })
  })

  it('says whether the address is verified', async () => {
    const ada = await createTestUser(db.prisma, 'Verified')
    const verified = await db.prisma.user.update({ where: { id: ada.id }, data: { emailVerifiedAt: new Date() } })
    expect(await callerFor(db.prisma, { ...verified, isAdmin: false }).auth.me()).toMatchObject({
      emailVerified: true,
    })
  })

  it('tells each caller about themselves only', async () => {
    const ada = await createTestUser(db.prisma, 'Ada Two')
    const bob = await createTestUser(db.prisma, 'Bob')
    expect(await callerFor(db.prisma, bob).auth.me()).toMatchObject({ id: bob.id, name: 'Bob', email: bob.email })
    expect(JSON.stringify(await callerFor(db.prisma, bob).auth.me())).not.toContain(ada.id)
  })
})
