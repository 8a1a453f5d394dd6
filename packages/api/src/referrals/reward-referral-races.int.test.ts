import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEFAULT_REFERRAL_DAILY_CAP, REFERRAL_REWARD, TRIAL_CREDITS } from '@promptly/core/credits/plan-rules'
import { openDatabase, type Database } from '@promptly/db/client'

import { useLedgerTestDatabase } from '../credits/testing/ledger-test-database.ts'
import { whileAnotherWriteIsOpen } from '../testing/another-connection.ts'
import { markEmailVerified } from '../users/verify-email.ts'
import { rewardReferral } from './reward-referral.ts'
import { referralAccounts } from './testing/referral-accounts.ts'

// The races the referral locks are written for, made to happen every time: a second connection pays
// a reward and holds its transaction open until the call under test is seen waiting on a row it
// locked, then commits. PGlite has one connection, where calls can only take turns.
describe.runIf(process.env.TEST_DB === 'postgres')('referral rewards racing another connection', () => {
  const ledger = useLedgerTestDatabase()
  const accounts = referralAccounts(() => ledger.db.prisma, ledger.track)
  let other: Database

  beforeAll(async () => {
    other = await openDatabase({ url: ledger.db.url! })
  })
  afterAll(() => other?.close())

  const connections = () => ({ other: other.prisma, watcher: ledger.db.prisma })
  const refer = (referrerId: string, visitorId: string, dailyCap = DEFAULT_REFERRAL_DAILY_CAP) =>
    rewardReferral(ledger.db.prisma, { referrerId, visitorId }, { dailyCap })

  it('two visitors of one referrer verifying at once never pass the cap', async () => {
    const dailyCap = 1
    const referrer = await accounts.verified('referrer')
    const [first, second] = [await accounts.unverified('first'), await accounts.unverified('second')]
    for (const visitor of [first, second]) expect(await refer(referrer, visitor, dailyCap)).toBe('pending-verification')
    await whileAnotherWriteIsOpen(
      connections(),
      (tx) => markEmailVerified(tx, first, { referralDailyCap: dailyCap }),
      () => accounts.verify(second, new Date(), dailyCap),
    )
    // The second verification waited on the referrer's row, then counted the first's reward: capped.
    expect(await accounts.referralEntries(referrer)).toHaveLength(1)
    expect(await accounts.balance(referrer)).toBe(TRIAL_CREDITS + REFERRAL_REWARD)
    expect([await accounts.balance(first), await accounts.balance(second)]).toEqual([TRIAL_CREDITS, TRIAL_CREDITS])
  })

  it('a visitor verifying while another referrer registers them pays one referrer only', async () => {
    const [earlier, later] = [await accounts.verified('earlier'), await accounts.verified('later')]
    const visitor = await accounts.unverified('visitor')
    expect(await refer(earlier, visitor)).toBe('pending-verification')
    const outcome = await whileAnotherWriteIsOpen(
      connections(),
      (tx) => markEmailVerified(tx, visitor, { referralDailyCap: DEFAULT_REFERRAL_DAILY_CAP }),
      () => refer(later, visitor),
    )
    expect(outcome).toBe('already-rewarded')
    expect([await accounts.balance(earlier), await accounts.balance(later)]).toEqual([
      TRIAL_CREDITS + REFERRAL_REWARD,
      TRIAL_CREDITS,
    ])
  })
})
