import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'

import { REFERRAL_REWARD, TRIAL_CREDITS } from '@promptly/core/credits/plan-rules'

import type { SignedInUser } from '../context.ts'
import { useLedgerTestDatabase } from '../credits/testing/ledger-test-database.ts'
import { callerFor } from '../testing/test-caller.ts'
import { referralAccounts } from './testing/referral-accounts.ts'

const ledger = useLedgerTestDatabase()
const accounts = referralAccounts(() => ledger.db.prisma, ledger.track)

async function signedIn(userId: string): Promise<SignedInUser> {
  return { ...(await ledger.db.prisma.user.findUniqueOrThrow({ where: { id: userId } })), isAdmin: false }
}
const registerAs = async (visitorId: string | null, referrerId: string) =>
  callerFor(ledger.db.prisma, visitorId ? await signedIn(visitorId) : null).referrals.register({ referrerId })

describe('referrals.register', () => {
  it('rewards the referrer of a verified new visitor once, and says which rule decided', async () => {
    const referrer = await accounts.verified('referrer')
    const visitor = await accounts.verified('visitor')
    expect(await registerAs(visitor, referrer)).toEqual({ rewarded: true, reason: 'rewarded' })
    expect(await accounts.balance(referrer)).toBe(TRIAL_CREDITS + REFERRAL_REWARD)
    expect(await registerAs(visitor, referrer)).toEqual({ rewarded: false, reason: 'already-rewarded' })
    expect(await accounts.balance(referrer)).toBe(TRIAL_CREDITS + REFERRAL_REWARD)
    // The visitor gains nothing from it: the reward is the referrer's.
    expect(await accounts.balance(visitor)).toBe(TRIAL_CREDITS)
  })

  it('refuses to reward the caller for their own link, or a referrer who does not exist', async () => {
    const ada = await accounts.verified('self')
    expect(await registerAs(ada, ada)).toEqual({ rewarded: false, reason: 'self' })
    expect(await registerAs(ada, randomUUID())).toEqual({ rewarded: false, reason: 'unknown' })
    expect(await accounts.balance(ada)).toBe(TRIAL_CREDITS)
  })

  it('waits for an unverified visitor to verify before paying', async () => {
    const referrer = await accounts.verified('patient')
    const visitor = await accounts.unverified('newcomer')
    expect(await registerAs(visitor, referrer)).toEqual({ rewarded: false, reason: 'pending-verification' })
    expect(await accounts.balance(referrer)).toBe(TRIAL_CREDITS)
  })

  it('refuses a malformed referrer id with BAD_REQUEST and a signed-out caller with UNAUTHORIZED', async () => {
    const referrer = await accounts.verified('refused')
    const visitor = await accounts.verified('refused-visitor')
    await expect(registerAs(visitor, 'not-a-user-id')).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(registerAs(null, referrer)).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    expect(await accounts.balance(referrer)).toBe(TRIAL_CREDITS)
    expect(await accounts.referralEntries(referrer)).toEqual([])
  })
})
