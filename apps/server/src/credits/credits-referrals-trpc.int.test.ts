import { describe, expect, it } from 'vitest'

import { bioValues, createGeneratorTool } from '@promptly/api/generation/testing/generator-tool'
import { REFERRAL_REWARD } from '@promptly/core/credits/plan-rules'

import type { TestAccount } from '../testing/local-accounts.ts'
import { useTestApp } from '../testing/use-test-app.ts'

const t = useTestApp({ env: { LOCAL_MODEL_CHUNK_DELAY_MS: '0', RATE_LIMIT_PER_MINUTE: '100000' }, listen: true })

/** A signed-up account; verified (with its 30 trial credits) unless asked otherwise. */
const account = ({ verified = true } = {}): Promise<TestAccount> => t.signUp({ verified })

describe('credits.ledger', () => {
  it("pages the caller's ledger newest first: trial grant, then a generation", async () => {
    const ada = await account()
    const client = t.trpc(ada)
    const tool = await createGeneratorTool(t.db.prisma)
    for await (const event of await client.generation.run.mutate({ toolId: tool.id, groups: bioValues() })) void event
    const first = await client.credits.ledger.query({ limit: 1 })
    expect(first.entries).toEqual([expect.objectContaining({ amount: -1, reason: 'generation' })])
    expect(first.nextCursor).not.toBeNull()
    const second = await client.credits.ledger.query({ limit: 1, cursor: first.nextCursor })
    expect(second.entries).toEqual([expect.objectContaining({ amount: 30, reason: 'trial' })])
    expect(second.nextCursor).toBeNull()
    expect(await client.credits.limits.query()).toEqual({ plan: 'free', current_limit: 29, max_limit: 30 })
  })

  it('answers UNAUTHORIZED signed out', async () => {
    expect(
      await t
        .trpc()
        .credits.ledger.query({})
        .catch((caught: unknown) => caught),
    ).toMatchObject({ data: { code: 'UNAUTHORIZED' } })
  })
})

describe('referrals.register', () => {
  it('rewards the referrer once for the caller, and refuses self-referral', async () => {
    const [referrer, visitor] = [await account(), await account()]
    const asVisitor = t.trpc(visitor)
    expect(await asVisitor.referrals.register.mutate({ referrerId: referrer.user.id })).toEqual({
      rewarded: true,
      reason: 'rewarded',
    })
    expect(await asVisitor.referrals.register.mutate({ referrerId: referrer.user.id })).toEqual({
      rewarded: false,
      reason: 'already-rewarded',
    })
    expect(await asVisitor.referrals.register.mutate({ referrerId: visitor.user.id })).toEqual({
      rewarded: false,
      reason: 'self',
    })
    expect(await t.trpc(referrer).credits.limits.query()).toMatchObject({ current_limit: 30 + REFERRAL_REWARD })
  })

  it('keeps an unverified visitor pending, with nothing paid', async () => {
    const [referrer, visitor] = [await account(), await account({ verified: false })]
    const asVisitor = t.trpc(visitor)
    expect(await asVisitor.referrals.register.mutate({ referrerId: referrer.user.id })).toEqual({
      rewarded: false,
      reason: 'pending-verification',
    })
    expect(await t.trpc(referrer).credits.limits.query()).toMatchObject({ current_limit: 30 })
  })

  it('refuses a malformed id with BAD_REQUEST and a signed-out caller with UNAUTHORIZED', async () => {
    const ada = await account()
    expect(
      await t
        .trpc(ada)
        .referrals.register.mutate({ referrerId: 'nope' })
        .catch((caught: unknown) => caught),
    ).toMatchObject({
      data: { code: 'BAD_REQUEST' },
    })
    expect(
      await t
        .trpc()
        .referrals.register.mutate({ referrerId: ada.user.id })
        .catch((caught: unknown) => caught),
    ).toMatchObject({
      data: { code: 'UNAUTHORIZED' },
    })
  })
})
