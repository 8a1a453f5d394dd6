import { REFERRAL_CAP_WINDOW_MS, REFERRAL_DAILY_CAP, REFERRAL_REWARD } from '@promptly/core/credits/plan-rules'
import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { expectLedgerMatchesBalance } from '../credits/testing/expect-ledger-matches-balance.ts'
import { balanceOf, userWithBalance } from '../credits/testing/users-with-credits.ts'
import { rewardReferral } from './register.handler.ts'

let db: TestDatabase
const touched = new Set<string>()

beforeAll(async () => {
  db = await createTestDatabase()
})
afterEach(async () => {
  for (const userId of touched) await expectLedgerMatchesBalance(db.prisma, userId)
  touched.clear()
})
afterAll(() => db.close())

async function user(name: string): Promise<string> {
  const id = await userWithBalance(db.prisma, name, 30)
  touched.add(id)
  return id
}

const referralEntries = (userId: string) => db.prisma.creditEntry.findMany({ where: { userId, reason: 'referral' } })

describe('rewardReferral', () => {
  it('pays the referrer 50 credits once per visitor, as a ledger entry naming the referral', async () => {
    const [referrer, visitor] = [await user('ref'), await user('visitor')]
    expect(await rewardReferral(db.prisma, { referrerId: referrer, visitorId: visitor })).toBe('rewarded')
    expect(await balanceOf(db.prisma, referrer)).toBe(30 + REFERRAL_REWARD)
    const [entry] = await referralEntries(referrer)
    const referral = await db.prisma.referral.findUniqueOrThrow({ where: { referrerId_visitorId: { referrerId: referrer, visitorId: visitor } } })
    expect(entry).toMatchObject({ amount: REFERRAL_REWARD, reference: referral.id })
    expect(await balanceOf(db.prisma, visitor)).toBe(30)

    expect(await rewardReferral(db.prisma, { referrerId: referrer, visitorId: visitor })).toBe('repeat')
    expect(await balanceOf(db.prisma, referrer)).toBe(30 + REFERRAL_REWARD)
  })

  it('pays nothing for a self-referral or an unknown referrer', async () => {
    const visitor = await user('self')
    expect(await rewardReferral(db.prisma, { referrerId: visitor, visitorId: visitor })).toBe('self')
    expect(await rewardReferral(db.prisma, { referrerId: '0b9f3c56-2222-4222-8222-222222222222', visitorId: visitor })).toBe('unknown')
    expect(await balanceOf(db.prisma, visitor)).toBe(30)
    expect(await db.prisma.referral.count({ where: { visitorId: visitor } })).toBe(0)
  })

  it(`caps a referrer at ${REFERRAL_DAILY_CAP} rewards in 24 hours, and pays again once the window has passed`, async () => {
    const referrer = await user('capped')
    const visitors = await Promise.all(Array.from({ length: REFERRAL_DAILY_CAP + 2 }, (_, index) => user(`v${index}`)))
    const now = new Date()
    const outcomes = []
    for (const visitor of visitors.slice(0, REFERRAL_DAILY_CAP + 1)) outcomes.push(await rewardReferral(db.prisma, { referrerId: referrer, visitorId: visitor }, now))
    expect(outcomes.filter((outcome) => outcome === 'rewarded')).toHaveLength(REFERRAL_DAILY_CAP)
    expect(outcomes.at(-1)).toBe('daily_cap')
    expect(await balanceOf(db.prisma, referrer)).toBe(30 + REFERRAL_DAILY_CAP * REFERRAL_REWARD)

    const later = new Date(now.getTime() + REFERRAL_CAP_WINDOW_MS + 1_000)
    // The capped visitor was not recorded, so their visit can still count later.
    expect(await rewardReferral(db.prisma, { referrerId: referrer, visitorId: visitors[REFERRAL_DAILY_CAP]! }, later)).toBe('rewarded')
  })

  it('never passes the cap nor pays twice under concurrent registrations', async () => {
    const referrer = await user('busy')
    const visitors = await Promise.all(Array.from({ length: REFERRAL_DAILY_CAP + 5 }, (_, index) => user(`c${index}`)))
    const repeated = visitors[0]!
    const outcomes = await Promise.all([
      ...visitors.map((visitorId) => rewardReferral(db.prisma, { referrerId: referrer, visitorId })),
      // The same visitor a few more times at once.
      ...Array.from({ length: 4 }, () => rewardReferral(db.prisma, { referrerId: referrer, visitorId: repeated })),
    ])
    expect(outcomes.filter((outcome) => outcome === 'rewarded')).toHaveLength(REFERRAL_DAILY_CAP)
    expect(await referralEntries(referrer)).toHaveLength(REFERRAL_DAILY_CAP)
    expect(await db.prisma.referral.count({ where: { referrerId: referrer, visitorId: repeated } })).toBeLessThanOrEqual(1)
    expect(await balanceOf(db.prisma, referrer)).toBe(30 + REFERRAL_DAILY_CAP * REFERRAL_REWARD)
  })
})
