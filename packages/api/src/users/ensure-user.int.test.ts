import { TRIAL_CREDITS, TRIAL_DAYS } from '@promptly/core/credits/plan-rules'
import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureUser } from './ensure-user.ts'

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
  it('creates a first-time user on the free plan with the 30-credit, 7-day trial in the ledger', async () => {
    const now = new Date('2026-11-22T10:00:00Z')
    const user = await ensureUser(db.prisma, identity('first'), now)
    expect(user).toMatchObject({ plan: 'free', creditBalance: TRIAL_CREDITS, creditMax: TRIAL_CREDITS, role: 'user' })
    expect(user.trialEndsAt?.getTime()).toBe(now.getTime() + TRIAL_DAYS * 86_400_000)
    const entries = await db.prisma.creditEntry.findMany({ where: { userId: user.id } })
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ amount: TRIAL_CREDITS, reason: 'trial', reference: user.id })
  })

  it('grants the trial once: a later sign-in returns the same account and refreshes its profile', async () => {
    const first = await ensureUser(db.prisma, identity('again'))
    const later = await ensureUser(db.prisma, { ...identity('again'), name: 'Ada Lovelace' })
    expect(later.id).toBe(first.id)
    expect(later.name).toBe('Ada Lovelace')
    expect(later.creditBalance).toBe(TRIAL_CREDITS)
    expect(await db.prisma.creditEntry.count({ where: { userId: first.id } })).toBe(1)
  })

  it('creates one account when two first requests race', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => ensureUser(db.prisma, identity('race'))))
    expect(new Set([a?.id, b?.id, c?.id]).size).toBe(1)
    expect(await db.prisma.user.count({ where: { clerkId: 'user_race' } })).toBe(1)
    expect(await db.prisma.creditEntry.count({ where: { userId: a?.id } })).toBe(1)
  })
})
