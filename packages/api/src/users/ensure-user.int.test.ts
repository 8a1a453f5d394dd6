import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEFAULT_REFERRAL_DAILY_CAP, TRIAL_CREDITS } from '@promptly/core/credits/plan-rules'
import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import { ensureUser } from './ensure-user.ts'
import { markEmailVerified } from './verify-email.ts'

let db: TestDatabase

beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(() => db.close())

const identity = (id: string) => ({
  clerkId: `user_${id}`,
  name: `Ada ${id}`,
  email: `ada-${id}@example.com`,
  imageUrl: `https://img.example/${id}.png`,
})

describe('ensureUser', () => {
  it('creates a first-time user on the free plan, unverified and without credits until verification', async () => {
    const user = await ensureUser(db.prisma, identity('first'))
    expect(user).toMatchObject({
      plan: 'free',
      creditBalance: 0,
      role: 'user',
      trialEndsAt: null,
      emailVerifiedAt: null,
    })
    expect(await db.prisma.creditEntry.count({ where: { userId: user.id } })).toBe(0)
  })

  it('returns the same account on a later sign-in and refreshes its profile', async () => {
    const first = await ensureUser(db.prisma, identity('again'))
    const later = await ensureUser(db.prisma, { ...identity('again'), name: 'Ada Lovelace' })
    expect(later.id).toBe(first.id)
    expect(later.name).toBe('Ada Lovelace')
  })

  it('makes a verified account unverified when its address changes, but not for a change of letter case', async () => {
    const now = new Date('2026-11-22T10:00:00Z')
    const created = await ensureUser(db.prisma, identity('mover'))
    await db.prisma.$transaction((tx) =>
      markEmailVerified(tx, created.id, { referralDailyCap: DEFAULT_REFERRAL_DAILY_CAP, now }),
    )
    const recased = await ensureUser(db.prisma, { ...identity('mover'), email: 'ADA-mover@Example.com' })
    expect(recased.emailVerifiedAt).toEqual(now)
    const moved = await ensureUser(db.prisma, { ...identity('mover'), email: 'someone-else@example.com' })
    expect(moved).toMatchObject({ email: 'someone-else@example.com', emailVerifiedAt: null })
    // The trial already granted stays; verifying the new address does not grant it again.
    const reverified = await db.prisma.$transaction((tx) =>
      markEmailVerified(tx, created.id, { referralDailyCap: DEFAULT_REFERRAL_DAILY_CAP }),
    )
    expect(reverified.creditBalance).toBe(TRIAL_CREDITS)
    expect(await db.prisma.creditEntry.count({ where: { userId: created.id, reason: 'trial' } })).toBe(1)
  })

  it('creates one account when two first requests race', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => ensureUser(db.prisma, identity('race'))))
    expect(new Set([a?.id, b?.id, c?.id]).size).toBe(1)
    expect(await db.prisma.user.count({ where: { clerkId: 'user_race' } })).toBe(1)
  })
})
