import { expectLedgerMatchesBalance } from '@promptly/api/credits/testing/expect-ledger-matches-balance'
import { REFERRAL_REWARD } from '@promptly/core/credits/plan-rules'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { bioValues, createGeneratorTool } from '../testing/generation-fixtures.ts'
import { signUpTestAccount, type TestAccount } from '../testing/local-accounts.ts'
import { createTestApp, type TestApp } from '../testing/test-app.ts'
import { listenOnRandomPort, trpcClient } from '../testing/trpc-http.ts'

let t: TestApp
let baseUrl: string
const touched = new Set<string>()

beforeAll(async () => {
  t = await createTestApp({ env: { LOCAL_MODEL_CHUNK_DELAY_MS: '0', RATE_LIMIT_PER_MINUTE: '100000' } })
  baseUrl = await listenOnRandomPort(t.app)
})
afterAll(() => t.close())
afterEach(async () => {
  for (const userId of touched) await expectLedgerMatchesBalance(t.db.prisma, userId)
})

/** A signed-up account; verified (with its 30 trial credits) unless asked otherwise. */
async function account({ verified = true } = {}): Promise<TestAccount> {
  const signedUp = await signUpTestAccount(t.app, { verified })
  touched.add(signedUp.user.id)
  return signedUp
}

describe('credits.ledger', () => {
  it("pages the caller's ledger newest first: trial grant, then a generation", async () => {
    const ada = await account()
    const client = trpcClient(baseUrl, ada.bearer)
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
    expect(await trpcClient(baseUrl).credits.ledger.query({}).catch((caught: unknown) => caught)).toMatchObject({ data: { code: 'UNAUTHORIZED' } })
  })
})

describe('referrals.register', () => {
  it('rewards the referrer once for the caller, and refuses self-referral', async () => {
    const [referrer, visitor] = [await account(), await account()]
    const asVisitor = trpcClient(baseUrl, visitor.bearer)
    expect(await asVisitor.referrals.register.mutate({ referrerId: referrer.user.id })).toEqual({ rewarded: true, reason: 'rewarded' })
    expect(await asVisitor.referrals.register.mutate({ referrerId: referrer.user.id })).toEqual({ rewarded: false, reason: 'already-rewarded' })
    expect(await asVisitor.referrals.register.mutate({ referrerId: visitor.user.id })).toEqual({ rewarded: false, reason: 'self' })
    expect(await trpcClient(baseUrl, referrer.bearer).credits.limits.query()).toMatchObject({ current_limit: 30 + REFERRAL_REWARD })
  })

  it('keeps an unverified visitor pending, with nothing paid', async () => {
    const [referrer, visitor] = [await account(), await account({ verified: false })]
    const asVisitor = trpcClient(baseUrl, visitor.bearer)
    expect(await asVisitor.referrals.register.mutate({ referrerId: referrer.user.id })).toEqual({ rewarded: false, reason: 'pending-verification' })
    expect(await trpcClient(baseUrl, referrer.bearer).credits.limits.query()).toMatchObject({ current_limit: 30 })
  })

  it('refuses a malformed id with BAD_REQUEST and a signed-out caller with UNAUTHORIZED', async () => {
    const ada = await account()
    expect(await trpcClient(baseUrl, ada.bearer).referrals.register.mutate({ referrerId: 'nope' }).catch((caught: unknown) => caught)).toMatchObject({
      data: { code: 'BAD_REQUEST' },
    })
    expect(await trpcClient(baseUrl).referrals.register.mutate({ referrerId: ada.user.id }).catch((caught: unknown) => caught)).toMatchObject({
      data: { code: 'UNAUTHORIZED' },
    })
  })
})
