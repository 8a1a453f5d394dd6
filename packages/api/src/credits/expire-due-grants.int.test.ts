import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { TRIAL_CREDITS } from '@promptly/core/credits/plan-rules'
import { AppError } from '@promptly/core/errors/app-error'
import { openDatabase, type Database } from '@promptly/db/client'

import { asAdmin } from '../admin/testing/admin-only.ts'
import type { SignedInUser } from '../context.ts'
import { whileAnotherWriteIsOpen } from '../testing/another-connection.ts'
import { callerFor, createTestUser } from '../testing/test-caller.ts'
import { expireDueGrants } from './expire-due-grants.ts'
import { chargeLegacyUsage } from './legacy-usage-charge.ts'
import { reserveCredits } from './reservation/reserve-credits.ts'
import { useLedgerTestDatabase } from './testing/ledger-test-database.ts'
import { textGeneration } from './testing/users-with-credits.ts'

const ledger = useLedgerTestDatabase()

/** A new account whose 30 trial credits ran out a minute ago, the sweeper not round since. */
async function lapsedTrialUser(name: string): Promise<{ user: SignedInUser; trialId: string }> {
  const userId = await ledger.user(name, TRIAL_CREDITS)
  const trial = await ledger.db.prisma.creditEntry.findFirstOrThrow({ where: { userId, reason: 'trial' } })
  await ledger.db.prisma.creditEntry.update({
    where: { id: trial.id },
    data: { expiresAt: new Date(Date.now() - 60_000) },
  })
  const user = await ledger.db.prisma.user.findUniqueOrThrow({ where: { id: userId } })
  return { user: { ...user, isAdmin: false }, trialId: trial.id }
}

const expiriesOf = (userId: string) =>
  ledger.db.prisma.creditEntry.findMany({
    where: { userId, reason: 'expiry' },
    select: { amount: true, reference: true },
  })

const balanceAndMax = (userId: string) =>
  ledger.db.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { creditBalance: true, creditMax: true } })

let admin: SignedInUser
let offerId: string
beforeAll(async () => {
  admin = asAdmin(await createTestUser(ledger.db.prisma, 'Admin'))
  const offer = { key: 'TOPUP', name: 'Top-up', priceCents: 500, credits: 100 } as const
  offerId = (await ledger.db.prisma.planOffer.create({ data: offer })).id
})

/** Every door that shows a user's credits, each answering "left of max" (null where it shows no max). */
const readers: Array<[string, (user: SignedInUser) => Promise<{ left: number; max: number | null }>]> = [
  [
    'credits.limits',
    async (user) => {
      const limits = await callerFor(ledger.db.prisma, user).credits.limits()
      return { left: limits.current_limit, max: limits.max_limit }
    },
  ],
  [
    'plans.list',
    async (user) => {
      const { current } = await callerFor(ledger.db.prisma, user).plans.list()
      return { left: current?.creditsLeft ?? -1, max: current?.creditsMax ?? -1 }
    },
  ],
  [
    'payments.status',
    async (user) => {
      const purchase = await ledger.db.prisma.purchase.create({
        data: {
          userId: user.id,
          planOfferId: offerId,
          name: 'Top-up',
          priceCents: 500,
          credits: 100,
          planKey: 'TOPUP',
          provider: 'local',
        },
      })
      const status = await callerFor(ledger.db.prisma, user).payments.status({ purchaseId: purchase.id })
      return { left: status.creditsLeft, max: null }
    },
  ],
  [
    'admin.users.list',
    async (user) => {
      const { users } = await callerFor(ledger.db.prisma, admin).admin.users.list({ search: user.id, sort: 'joined' })
      return { left: users[0]?.current_limit ?? -1, max: users[0]?.max_limit ?? -1 }
    },
  ],
  [
    'admin.users.detail',
    async (user) => {
      const detail = await callerFor(ledger.db.prisma, admin).admin.users.detail({ userId: user.id })
      return { left: detail.user.current_limit, max: detail.user.max_limit }
    },
  ],
]

describe('reads of the credits, after a grant lapsed and before the sweeper expired it', () => {
  it.each(readers)('%s shows the lapsed credits gone, and the ledger says why', async (name, read) => {
    const { user, trialId } = await lapsedTrialUser(`read-${name}`)
    const shown = await read(user)
    expect(shown).toEqual({ left: 0, max: shown.max === null ? null : 0 })
    expect(await expiriesOf(user.id)).toEqual([{ amount: -TRIAL_CREDITS, reference: trialId }])
    // A second read finds nothing left to expire.
    expect((await read(user)).left).toBe(0)
    expect(await expiriesOf(user.id)).toHaveLength(1)
  })

  it("credits.ledger's first page starts with the expiry that explains the balance", async () => {
    const { user, trialId } = await lapsedTrialUser('ledger-page')
    const page = await callerFor(ledger.db.prisma, user).credits.ledger({})
    expect(page.entries.map(({ amount, reason, reference }) => ({ amount, reason, reference }))).toEqual([
      { amount: -TRIAL_CREDITS, reason: 'expiry', reference: trialId },
      { amount: TRIAL_CREDITS, reason: 'trial', reference: expect.any(String) },
    ])
  })
})

describe('spends of the credits, after a grant lapsed and before the sweeper expired it', () => {
  it('the legacy usage charge takes nothing from the lapsed grant', async () => {
    const { user } = await lapsedTrialUser('usage')
    expect(await chargeLegacyUsage(ledger.db.prisma, user.id, 'usage-after-lapse')).toMatchObject({
      charged: false,
      balance: 0,
      reason: 'no_credits',
    })
    expect(await balanceAndMax(user.id)).toEqual({ creditBalance: 0, creditMax: 0 })
  })

  it('an admin revoke finds nothing to take: the lapsed credits are already gone', async () => {
    const { user } = await lapsedTrialUser('revoke')
    const revoked = await callerFor(ledger.db.prisma, admin).admin.credits.revoke({
      userId: user.id,
      credits: 10,
      note: 'mistaken grant',
    })
    expect(revoked).toMatchObject({ taken: 0, current_limit: 0, max_limit: 0 })
    expect(await ledger.db.prisma.creditEntry.count({ where: { userId: user.id, reason: 'admin_revoke' } })).toBe(0)
  })

  it("an admin grant answers the user's limits without the lapsed credits", async () => {
    const { user } = await lapsedTrialUser('grant')
    const granted = await callerFor(ledger.db.prisma, admin).admin.credits.grant({
      userId: user.id,
      credits: 5,
      days: 30,
      note: 'goodwill',
    })
    expect(granted).toMatchObject({ current_limit: 5, max_limit: 5 })
  })
})

// The sweeper and a request expiring the same grant at once, made to happen every time: a second
// connection runs the sweeper's step for the user and holds it open until the request is seen
// waiting on the user's row, then commits. PGlite has one connection, so these run on PostgreSQL.
describe.runIf(process.env.TEST_DB === 'postgres')('a request racing the sweeper over a lapsed grant', () => {
  let other: Database
  beforeAll(async () => {
    other = await openDatabase({ url: ledger.db.url! })
  })
  afterAll(() => other?.close())

  const whileTheSweeperExpires = <T>(userId: string, call: () => Promise<T>) =>
    whileAnotherWriteIsOpen(
      { other: other.prisma, watcher: ledger.db.prisma },
      (tx) => expireDueGrants(tx, userId, new Date()),
      call,
    )

  it('a limits read waits for the expiry, shows its outcome and writes no second one', async () => {
    const { user, trialId } = await lapsedTrialUser('race-read')
    const limits = await whileTheSweeperExpires(user.id, () => callerFor(ledger.db.prisma, user).credits.limits())
    expect(limits).toMatchObject({ current_limit: 0, max_limit: 0 })
    expect(await expiriesOf(user.id)).toEqual([{ amount: -TRIAL_CREDITS, reference: trialId }])
  })

  it('a reservation waits for the expiry, then is refused without a second one', async () => {
    const { user, trialId } = await lapsedTrialUser('race-reserve')
    const attempt = { userId: user.id, amount: 1, generationId: randomUUID(), generation: textGeneration }
    // Settled inside the call, so its refusal is never a rejection nobody is awaiting yet.
    const outcome = await whileTheSweeperExpires(user.id, () =>
      reserveCredits(ledger.db.prisma, attempt).then(
        () => 'reserved',
        (error: unknown) => (error instanceof AppError ? error.code : String(error)),
      ),
    )
    expect(outcome).toBe('PAYMENT_REQUIRED')
    expect(await expiriesOf(user.id)).toEqual([{ amount: -TRIAL_CREDITS, reference: trialId }])
  })
})
