import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import type { SignedInUser } from '../context.ts'
import { callerFor } from '../testing/test-caller.ts'
import { addUtcDays, utcDay } from './stats-range.ts'
import { adminAndPlainUser, expectAdminOnly, trpcCodeOf } from './testing/admin-only.ts'

let db: TestDatabase
let admin: SignedInUser
let plain: SignedInUser
let toolA: { id: string; name: string }
let toolB: { id: string; name: string }

/** The seeded range: 2026-06-01 to 2026-06-05, long before the accounts the test itself makes. */
const day = (n: number, time = '12:00:00.000') => new Date(`2026-06-0${n}T${time}Z`)

beforeAll(async () => {
  db = await createTestDatabase({ seed: true })
  ;({ admin, plain } = await adminAndPlainUser(db.prisma))
  const tools = await db.prisma.tool.findMany({ where: { kind: 'generic' }, take: 2, orderBy: { slug: 'asc' } })
  ;[toolA, toolB] = tools.map(({ id, name }) => ({ id, name })) as [typeof toolA, typeof toolB]

  // Sign-ups: two on the 1st, one on the 4th (at its very last millisecond), one just after the range.
  const joined = [day(1), day(1, '00:00:00.000'), day(4, '23:59:59.999'), day(6, '00:00:00.000')]
  const users = []
  for (const [index, createdAt] of joined.entries()) {
    users.push(
      await db.prisma.user.create({
        data: {
          clerkId: `user_${randomUUID()}`,
          name: `Joined ${index}`,
          email: `j${index}@x.test`,
          imageUrl: '',
          createdAt,
        },
      }),
    )
  }
  const userId = users[0]!.id
  const run = (
    toolId: string | null,
    kind: 'generic' | 'paraphrase',
    credits: number,
    status: string,
    createdAt: Date,
  ) => ({
    userId,
    toolId,
    kind,
    input: {},
    credits,
    provider: 'local',
    status: status as 'succeeded' | 'failed' | 'reserved',
    createdAt,
  })
  await db.prisma.generation.createMany({
    data: [
      run(toolA.id, 'generic', 2, 'succeeded', day(1)),
      run(toolA.id, 'generic', 2, 'succeeded', day(1)),
      run(toolA.id, 'generic', 2, 'failed', day(1)),
      run(toolB.id, 'generic', 5, 'succeeded', day(1)),
      run(toolB.id, 'generic', 5, 'succeeded', day(3)),
      run(toolB.id, 'generic', 5, 'reserved', day(3)),
      run(null, 'paraphrase', 1, 'succeeded', day(3)),
      run(null, 'paraphrase', 1, 'failed', day(5, '23:59:59.999')),
      // Outside the range: the day before and the day after.
      run(toolA.id, 'generic', 2, 'succeeded', new Date('2026-05-31T23:59:59.999Z')),
      run(toolA.id, 'generic', 2, 'succeeded', day(6, '00:00:00.000')),
    ],
  })
  // Usage the legacy client reported, and an entry of another kind that is no spending.
  await db.prisma.creditEntry.createMany({
    data: [
      { userId, amount: -1, reason: 'usage', reference: randomUUID(), createdAt: day(2) },
      { userId, amount: -1, reason: 'usage', reference: randomUUID(), createdAt: day(2) },
      { userId, amount: 50, reason: 'referral', reference: randomUUID(), createdAt: day(2) },
    ],
  })
  const offer = await db.prisma.planOffer.findUniqueOrThrow({ where: { key: 'MONTHLY' } })
  const purchase = (priceCents: number, status: 'paid' | 'pending' | 'refunded', paidAt: Date | null) => ({
    userId,
    planOfferId: offer.id,
    planKey: 'MONTHLY' as const,
    name: 'Monthly',
    priceCents,
    credits: 1000,
    provider: 'local',
    status,
    paidAt,
    createdAt: day(1),
  })
  await db.prisma.purchase.createMany({
    data: [
      purchase(999, 'paid', day(2)),
      purchase(1999, 'paid', day(3)),
      purchase(500, 'pending', null),
      purchase(700, 'refunded', day(3)),
      purchase(4000, 'paid', day(6)),
    ],
  })
})
afterAll(() => db.close())

const zeros = { generations: 0, succeeded: 0, failed: 0, failureRate: 0, creditsSpent: 0, signUps: 0, revenueCents: 0 }

describe('admin.stats', () => {
  it('answers UNAUTHORIZED signed out and FORBIDDEN to a plain user', async () => {
    await expectAdminOnly(db.prisma, plain, (caller) => caller.admin.stats({}))
  })

  it('counts each UTC day of the range from the seeded data, days with nothing as zeros', async () => {
    const stats = await callerFor(db.prisma, admin).admin.stats({ from: '2026-06-01', to: '2026-06-05' })
    expect(stats.from).toBe('2026-06-01')
    expect(stats.to).toBe('2026-06-05')
    expect(stats.days).toEqual([
      {
        day: '2026-06-01',
        generations: 4,
        succeeded: 3,
        failed: 1,
        failureRate: 0.25,
        creditsSpent: 9,
        signUps: 2,
        revenueCents: 0,
      },
      { ...zeros, day: '2026-06-02', creditsSpent: 2, revenueCents: 999 },
      { ...zeros, day: '2026-06-03', generations: 3, succeeded: 2, creditsSpent: 6, revenueCents: 1999 },
      { ...zeros, day: '2026-06-04', signUps: 1 },
      { ...zeros, day: '2026-06-05', generations: 1, failed: 1, failureRate: 1 },
    ])
    expect(stats.totals).toEqual({
      generations: 8,
      succeeded: 5,
      failed: 2,
      failureRate: 2 / 7,
      creditsSpent: 17,
      signUps: 3,
      revenueCents: 2998,
    })
  })

  it('ranks the tools by use, with their credits per day and failure rate', async () => {
    const { topTools } = await callerFor(db.prisma, admin).admin.stats({ from: '2026-06-01', to: '2026-06-05' })
    expect(topTools).toEqual(
      [
        {
          toolId: toolA.id,
          toolName: toolA.name,
          kind: 'generic',
          generations: 3,
          failed: 1,
          failureRate: 1 / 3,
          creditsSpent: 4,
          creditsPerDay: [4, 0, 0, 0, 0],
        },
        {
          toolId: toolB.id,
          toolName: toolB.name,
          kind: 'generic',
          generations: 3,
          failed: 0,
          failureRate: 0,
          creditsSpent: 10,
          creditsPerDay: [5, 0, 5, 0, 0],
        },
        {
          toolId: null,
          toolName: null,
          kind: 'paraphrase',
          generations: 2,
          failed: 1,
          failureRate: 0.5,
          creditsSpent: 1,
          creditsPerDay: [0, 0, 1, 0, 0],
        },
      ].sort((a, b) => b.generations - a.generations || b.creditsSpent - a.creditsSpent),
    )
  })

  it('covers the last 30 days up to today by default', async () => {
    const stats = await callerFor(db.prisma, admin).admin.stats({})
    const today = utcDay(new Date())
    expect(stats.days).toHaveLength(30)
    expect(stats.to).toBe(today)
    expect(stats.from).toBe(addUtcDays(today, -29))
    // The two accounts this file made just now; the seeded ones joined months before.
    expect(stats.totals.signUps).toBe(2)
  })

  it('refuses a range over 366 days, one ending before it starts, or a day that is not one', async () => {
    const caller = callerFor(db.prisma, admin)
    expect(await trpcCodeOf(caller.admin.stats({ from: '2025-01-01', to: '2026-01-02' }))).toBe('BAD_REQUEST')
    expect(await trpcCodeOf(caller.admin.stats({ from: '2026-06-05', to: '2026-06-04' }))).toBe('BAD_REQUEST')
    expect(await trpcCodeOf(caller.admin.stats({ from: '2026-02-30' }))).toBe('BAD_REQUEST')
    expect(await trpcCodeOf(caller.admin.stats({ from: '0000-01-01', to: '0000-01-02' }))).toBe('BAD_REQUEST')
    const leapYear = await caller.admin.stats({ from: '2024-01-01', to: '2024-12-31' })
    expect(leapYear.days).toHaveLength(366)
  })
})
