import { describe, expect, it } from 'vitest'

import {
  DEFAULT_REFERRAL_DAILY_CAP,
  REFERRAL_CAP_WINDOW_MS,
  REFERRAL_REWARD,
  TRIAL_CREDITS,
} from '@promptly/core/credits/plan-rules'

import { useLedgerTestDatabase } from '../credits/testing/ledger-test-database.ts'
import { callerFor, testContext } from '../testing/test-caller.ts'
import { rewardReferral } from './reward-referral.ts'
import { referralAccounts } from './testing/referral-accounts.ts'

const ledger = useLedgerTestDatabase()
const accounts = referralAccounts(() => ledger.db.prisma, ledger.track)
const refer = (referrerId: string, visitorId: string, now?: Date, dailyCap = DEFAULT_REFERRAL_DAILY_CAP) =>
  rewardReferral(ledger.db.prisma, { referrerId, visitorId }, { dailyCap, now })
/** The visitor opening the referrer's share link through the router, with the context's cap. */
const register = async (referrerId: string, visitorId: string, referralDailyCap: number) => {
  const visitor = await ledger.db.prisma.user.findUniqueOrThrow({ where: { id: visitorId } })
  const caller = callerFor(ledger.db.prisma, { ...visitor, isAdmin: false }, { referralDailyCap })
  return (await caller.referrals.register({ referrerId })).reason
}
const referralOf = (referrerId: string, visitorId: string) =>
  ledger.db.prisma.referral.findUnique({ where: { referrerId_visitorId: { referrerId, visitorId } } })

describe('rewardReferral: a verified new visitor', () => {
  it('pays the referrer 50 never-expiring credits once, as a ledger entry naming the referral', async () => {
    const [referrer, visitor] = [await accounts.verified('ref'), await accounts.verified('visitor')]
    expect(await refer(referrer, visitor)).toBe('rewarded')
    expect(await accounts.balance(referrer)).toBe(TRIAL_CREDITS + REFERRAL_REWARD)
    const referral = await referralOf(referrer, visitor)
    expect(await accounts.referralEntries(referrer)).toEqual([
      expect.objectContaining({ amount: REFERRAL_REWARD, reference: referral!.id, expiresAt: null }),
    ])
    expect(await accounts.balance(visitor)).toBe(TRIAL_CREDITS)

    expect(await refer(referrer, visitor)).toBe('already-rewarded')
    expect(await accounts.balance(referrer)).toBe(TRIAL_CREDITS + REFERRAL_REWARD)
  })

  it('pays once per visitor, whoever referred them', async () => {
    const [first, second, visitor] = [
      await accounts.verified('first'),
      await accounts.verified('second'),
      await accounts.verified('v'),
    ]
    expect(await refer(first, visitor)).toBe('rewarded')
    expect(await refer(second, visitor)).toBe('already-rewarded')
    expect(await accounts.balance(second)).toBe(TRIAL_CREDITS)
    expect(await referralOf(second, visitor)).toBeNull()
  })

  it('pays nothing for a self-referral, an unknown referrer or an unverified referrer', async () => {
    const visitor = await accounts.verified('self')
    expect(await refer(visitor, visitor)).toBe('self')
    expect(await refer('0b9f3c56-2222-4222-8222-222222222222', visitor)).toBe('unknown')
    const unverifiedReferrer = await accounts.unverified('unproven')
    expect(await refer(unverifiedReferrer, visitor)).toBe('referrer-unverified')
    expect(await accounts.balance(unverifiedReferrer)).toBe(0)
    expect(await accounts.balance(visitor)).toBe(TRIAL_CREDITS)
    expect(await ledger.db.prisma.referral.count({ where: { visitorId: visitor } })).toBe(0)
  })

  it('pays nothing for an account created more than 7 days ago', async () => {
    const referrer = await accounts.verified('old-ref')
    const visitor = await accounts.unverified('old', 8)
    await accounts.verify(visitor)
    expect(await refer(referrer, visitor)).toBe('not-new')
    expect(await accounts.balance(referrer)).toBe(TRIAL_CREDITS)
    expect(await referralOf(referrer, visitor)).toBeNull()
  })
})

describe('rewardReferral: an unverified visitor', () => {
  it('twelve throwaway sign-ups that never verify earn the referrer nothing, and get no trial credits', async () => {
    const referrer = await accounts.verified('farmer')
    const throwaways = await Promise.all(
      Array.from({ length: 12 }, (_, index) => accounts.unverified(`throwaway${index}`)),
    )
    for (const visitor of throwaways) expect(await refer(referrer, visitor)).toBe('pending-verification')
    expect(await accounts.balance(referrer)).toBe(TRIAL_CREDITS)
    expect(await accounts.referralEntries(referrer)).toEqual([])
    for (const visitor of throwaways) expect(await accounts.balance(visitor)).toBe(0)
  })

  it('pays the referrer when the visitor verifies, in the verification itself', async () => {
    const referrer = await accounts.verified('patient')
    const visitor = await accounts.unverified('later')
    expect(await refer(referrer, visitor)).toBe('pending-verification')
    expect(await refer(referrer, visitor)).toBe('pending-verification')
    expect(await accounts.balance(referrer)).toBe(TRIAL_CREDITS)

    await accounts.verify(visitor)
    expect(await accounts.balance(referrer)).toBe(TRIAL_CREDITS + REFERRAL_REWARD)
    expect(await accounts.balance(visitor)).toBe(TRIAL_CREDITS)
    expect(await accounts.referralEntries(referrer)).toEqual([
      expect.objectContaining({ reference: (await referralOf(referrer, visitor))!.id }),
    ])
    // Verifying is once; a visit after it finds the reward paid.
    await accounts.verify(visitor)
    expect(await refer(referrer, visitor)).toBe('already-rewarded')
    expect(await accounts.balance(referrer)).toBe(TRIAL_CREDITS + REFERRAL_REWARD)
  })

  it('pays the oldest pending referral only, when two referrers shared links with the visitor', async () => {
    const [first, second] = [await accounts.verified('one'), await accounts.verified('two')]
    const visitor = await accounts.unverified('both')
    const now = Date.now()
    expect(await refer(first, visitor, new Date(now - 1_000))).toBe('pending-verification')
    expect(await refer(second, visitor, new Date(now))).toBe('pending-verification')
    await accounts.verify(visitor)
    expect([await accounts.balance(first), await accounts.balance(second)]).toEqual([
      TRIAL_CREDITS + REFERRAL_REWARD,
      TRIAL_CREDITS,
    ])
  })

  it('pays nothing when the visitor verifies after their first 7 days', async () => {
    const referrer = await accounts.verified('slow-ref')
    const visitor = await accounts.unverified('slow', 6)
    expect(await refer(referrer, visitor)).toBe('pending-verification')
    await accounts.verify(visitor, new Date(Date.now() + 2 * 24 * 60 * 60 * 1000))
    expect(await accounts.balance(referrer)).toBe(TRIAL_CREDITS)
    expect(await accounts.referralEntries(referrer)).toEqual([])
  })
})

describe('the daily cap', () => {
  it(
    `is ${DEFAULT_REFERRAL_DAILY_CAP} rewards in 24 hours ` +
      `unless configured, and pays again once the window has passed`,
    async () => {
      expect(testContext(ledger.db.prisma, null).referralDailyCap).toBe(DEFAULT_REFERRAL_DAILY_CAP)
      const referrer = await accounts.verified('capped')
      const visitors = await Promise.all(
        Array.from({ length: DEFAULT_REFERRAL_DAILY_CAP + 1 }, (_, index) => accounts.verified(`v${index}`)),
      )
      const now = new Date()
      const outcomes = []
      for (const visitor of visitors) outcomes.push(await refer(referrer, visitor, now))
      expect(outcomes).toEqual([...Array<string>(DEFAULT_REFERRAL_DAILY_CAP).fill('rewarded'), 'daily-cap'])
      expect(await accounts.balance(referrer)).toBe(TRIAL_CREDITS + DEFAULT_REFERRAL_DAILY_CAP * REFERRAL_REWARD)

      const later = new Date(now.getTime() + REFERRAL_CAP_WINDOW_MS + 1_000)
      // The capped visitor was not recorded, so their visit can still count later.
      expect(await refer(referrer, visitors.at(-1)!, later)).toBe('rewarded')
    },
  )

  it('stops at the configured number, for registrations and for verifications alike', async () => {
    const referrer = await accounts.verified('one-a-day')
    const [pending, arriving] = [await accounts.unverified('pending'), await accounts.verified('arriving')]
    expect(await register(referrer, pending, 1)).toBe('pending-verification')
    expect(await register(referrer, arriving, 1)).toBe('rewarded')
    expect(await register(referrer, await accounts.verified('second'), 1)).toBe('daily-cap')
    await accounts.verify(pending, new Date(), 1)
    expect(await accounts.balance(referrer)).toBe(TRIAL_CREDITS + REFERRAL_REWARD)
    expect(await refer(referrer, await accounts.verified('third'), undefined, 2)).toBe('rewarded')
  })

  it('is never passed, and no visitor pays twice, under concurrent registrations and verifications', async () => {
    const referrer = await accounts.verified('busy')
    const verified = await Promise.all(Array.from({ length: 4 }, (_, index) => accounts.verified(`c${index}`)))
    const unverified = await Promise.all(Array.from({ length: 4 }, (_, index) => accounts.unverified(`u${index}`)))
    for (const visitor of unverified) await refer(referrer, visitor)
    const repeated = verified[0]!
    await Promise.all([
      ...verified.map((visitorId) => refer(referrer, visitorId)),
      ...unverified.map((visitorId) => accounts.verify(visitorId)),
      ...Array.from({ length: 3 }, () => refer(referrer, repeated)),
    ])
    expect(await accounts.referralEntries(referrer)).toHaveLength(DEFAULT_REFERRAL_DAILY_CAP)
    expect(await accounts.balance(referrer)).toBe(TRIAL_CREDITS + DEFAULT_REFERRAL_DAILY_CAP * REFERRAL_REWARD)
    expect(
      await ledger.db.prisma.referral.count({ where: { referrerId: referrer, visitorId: repeated } }),
    ).toBeLessThanOrEqual(1)
  })
})
