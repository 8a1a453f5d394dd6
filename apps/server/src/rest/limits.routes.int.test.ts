import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'

import { balanceOf } from '@promptly/api/credits/testing/users-with-credits'
import { markEmailVerified } from '@promptly/api/users/verify-email'
import { DEFAULT_REFERRAL_DAILY_CAP, REFERRAL_REWARD } from '@promptly/core/credits/plan-rules'

import { spendDownTo } from '../testing/generation-fixtures.ts'
import type { TestAccount } from '../testing/local-accounts.ts'
import { useTestApp } from '../testing/use-test-app.ts'

const t = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } })

/** A signed-up account; verified through its link (30 trial credits) unless asked otherwise. */
const account = ({ verified = true } = {}): Promise<TestAccount> => t.signUp({ verified })
const unverifiedAccount = () => account({ verified: false })
/** The verification, as following the link later would do it. */
const verify = (who: TestAccount) =>
  t.db.prisma.$transaction((tx) => markEmailVerified(tx, who.user.id, { referralDailyCap: DEFAULT_REFERRAL_DAILY_CAP }))

interface LimitsBody {
  status: string
  message: string
  data: { plan: string; current_limit: number; max_limit: number; referral?: { rewarded: boolean; reason: string } }
}

describe('POST /limits/decrease', () => {
  const decrease = (who: TestAccount, headers: Record<string, string> = {}, base = '/api/v1') =>
    t.app.inject({
      method: 'POST',
      url: `${base}/limits/decrease?clerkId=${encodeURIComponent(who.user.clerkId)}`,
      headers: { ...who.bearer, ...headers },
    })

  it('charges one credit and answers the limits after it, on both bases', async () => {
    const ada = await account()
    const first = await decrease(ada)
    expect(first.statusCode).toBe(200)
    expect(first.json<LimitsBody>()).toMatchObject({
      status: 'OK',
      data: { plan: 'free', current_limit: 29, max_limit: 30 },
    })
    expect((await decrease(ada, {}, '/api/v2')).json<LimitsBody>().data.current_limit).toBe(28)
    expect(await t.db.prisma.creditEntry.count({ where: { userId: ada.user.id, reason: 'usage', amount: -1 } })).toBe(2)
  })

  it('never goes below zero and says nothing was charged', async () => {
    const ada = await account()
    await spendDownTo(t.db.prisma, ada.user.id, 0)
    const res = await decrease(ada)
    expect(res.statusCode).toBe(200)
    expect(res.json<LimitsBody>()).toMatchObject({
      message: 'No credits left: nothing was charged.',
      data: { current_limit: 0 },
    })
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(0)
  })

  it('charges a retried report with the same Idempotency-Key once', async () => {
    const ada = await account()
    const key = { 'idempotency-key': `tts-${randomUUID()}` }
    await decrease(ada, key)
    const again = await decrease(ada, key)
    expect(again.json<LimitsBody>()).toMatchObject({
      message: 'This usage was already charged.',
      data: { current_limit: 29 },
    })
  })

  it('answers 401 signed out', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/limits/decrease' })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ status: 'error', error: 'Please Signin to continue' })
  })
})

describe('GET /limits/?limit=&reffered=', () => {
  const visit = (who: TestAccount, query: string, base = '/api/v1') =>
    t.app.inject({ method: 'GET', url: `${base}/limits/?${query}`, headers: who.bearer })
  const referralOf = async (who: TestAccount, query: string, base?: string) =>
    (await visit(who, query, base)).json<LimitsBody>().data.referral

  it(
    "registers the share link's referral for the caller " + "and answers the caller's limits with its outcome",
    async () => {
      const [referrer, visitor] = [await account(), await account()]
      const res = await visit(visitor, `limit=${visitor.user.id}&reffered=${referrer.user.id}`)
      expect(res.statusCode).toBe(200)
      expect(res.json<LimitsBody>().data).toEqual({
        plan: 'free',
        current_limit: 30,
        max_limit: 30,
        referral: { rewarded: true, reason: 'rewarded' },
      })
      expect(await balanceOf(t.db.prisma, referrer.user.id)).toBe(30 + REFERRAL_REWARD)

      expect(await referralOf(visitor, `limit=${visitor.user.id}&reffered=${referrer.user.id}`, '/api/v2')).toEqual({
        rewarded: false,
        reason: 'already-rewarded',
      })
      expect(await balanceOf(t.db.prisma, referrer.user.id)).toBe(30 + REFERRAL_REWARD)
    },
  )

  it("accepts the referrer's clerkId, as every legacy call gives it", async () => {
    const [referrer, visitor] = [await account(), await account()]
    const query = `limit=${visitor.user.id}&reffered=${encodeURIComponent(referrer.user.clerkId)}`
    expect(await referralOf(visitor, query)).toEqual({ rewarded: true, reason: 'rewarded' })
    expect(await balanceOf(t.db.prisma, referrer.user.id)).toBe(30 + REFERRAL_REWARD)
    expect(await referralOf(visitor, query, '/api/v2')).toEqual({ rewarded: false, reason: 'already-rewarded' })
  })

  it('pays nothing for self-referral (by either id) or an unknown or malformed referrer', async () => {
    const ada = await account()
    expect(await referralOf(ada, `limit=${ada.user.id}&reffered=${ada.user.id}`)).toEqual({
      rewarded: false,
      reason: 'self',
    })
    expect(await referralOf(ada, `reffered=${encodeURIComponent(ada.user.clerkId)}`)).toEqual({
      rewarded: false,
      reason: 'self',
    })
    for (const reffered of [randomUUID(), 'not-an-id', 'local_%00', '%7F']) {
      const res = await visit(ada, `reffered=${reffered}`)
      expect(res.statusCode).toBe(200)
      expect(res.json<LimitsBody>().data.referral).toEqual({ rewarded: false, reason: 'unknown' })
    }
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(30)
  })

  it('12 throwaway sign-ups that never verify earn the referrer nothing, and get no trial credits', async () => {
    const referrer = await account()
    const throwaways = await Promise.all(Array.from({ length: 12 }, () => unverifiedAccount()))
    for (const visitor of throwaways) {
      const res = await visit(visitor, `limit=${visitor.user.id}&reffered=${encodeURIComponent(referrer.user.clerkId)}`)
      expect(res.json<LimitsBody>().data).toEqual({
        plan: 'free',
        current_limit: 0,
        max_limit: 0,
        referral: { rewarded: false, reason: 'pending-verification' },
      })
    }
    expect(await balanceOf(t.db.prisma, referrer.user.id)).toBe(30)
    expect(await t.db.prisma.creditEntry.count({ where: { userId: referrer.user.id, reason: 'referral' } })).toBe(0)
  })

  it('pays the referrer when the visitor later verifies their address', async () => {
    const [referrer, visitor] = [await account(), await unverifiedAccount()]
    expect(await referralOf(visitor, `reffered=${encodeURIComponent(referrer.user.clerkId)}`)).toEqual({
      rewarded: false,
      reason: 'pending-verification',
    })
    await verify(visitor)
    expect(await balanceOf(t.db.prisma, referrer.user.id)).toBe(30 + REFERRAL_REWARD)
    expect(await balanceOf(t.db.prisma, visitor.user.id)).toBe(30)
  })

  it('never registers a visit for anyone but the signed-in caller, whatever `limit` says', async () => {
    const [referrer, caller, bystander] = [await account(), await account(), await account()]
    const res = await visit(caller, `limit=${bystander.user.id}&reffered=${referrer.user.id}`)
    expect(res.json<LimitsBody>().data.referral).toEqual({ rewarded: true, reason: 'rewarded' })
    expect(
      await t.db.prisma.referral.count({ where: { referrerId: referrer.user.id, visitorId: bystander.user.id } }),
    ).toBe(0)
    expect(
      await t.db.prisma.referral.count({ where: { referrerId: referrer.user.id, visitorId: caller.user.id } }),
    ).toBe(1)
  })

  it('answers the plain limits without `reffered`, and 401 signed out', async () => {
    const ada = await account()
    expect((await visit(ada, `limit=${ada.user.id}`)).json<LimitsBody>().data).toEqual({
      plan: 'free',
      current_limit: 30,
      max_limit: 30,
    })
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/limits/?reffered=${ada.user.id}` })).statusCode).toBe(401)
  })
})
