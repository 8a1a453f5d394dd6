import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'

import { TRIAL_CREDITS } from '@promptly/core/credits/plan-rules'

import type { SignedInUser } from '../context.ts'
import { expireLapsedGrants } from '../credits/expire-credits.ts'
import { reserveCredits } from '../credits/reservation/reserve-credits.ts'
import { useLedgerTestDatabase } from '../credits/testing/ledger-test-database.ts'
import { balanceOf, textGeneration } from '../credits/testing/users-with-credits.ts'
import { callerFor } from '../testing/test-caller.ts'
import { adminAndPlainUser, expectAdminOnly, trpcCodeOf } from './testing/admin-only.ts'

const DAY = 24 * 60 * 60 * 1000
const ledger = useLedgerTestDatabase()
let admin: SignedInUser
let plain: SignedInUser

beforeAll(async () => {
  ;({ admin, plain } = await adminAndPlainUser(ledger.db.prisma))
})

const grantAs = (who: SignedInUser | null, input: { userId: string; credits: number; days: number; note?: string }) =>
  callerFor(ledger.db.prisma, who).admin.credits.grant(input)

async function limitsOf(userId: string) {
  const user = await ledger.db.prisma.user.findUniqueOrThrow({ where: { id: userId } })
  return { balance: user.creditBalance, max: user.creditMax }
}

describe('admin.credits.grant', () => {
  it('answers UNAUTHORIZED signed out and FORBIDDEN to a plain user, and grants nothing then', async () => {
    const userId = await ledger.user('refused', 30)
    await expectAdminOnly(ledger.db.prisma, plain, (caller) =>
      caller.admin.credits.grant({ userId, credits: 500, days: 30 }),
    )
    expect(await ledger.db.prisma.creditEntry.count({ where: { userId, reason: 'admin_topup' } })).toBe(0)
    expect(await ledger.db.prisma.auditEntry.count({ where: { targetUserId: userId } })).toBe(0)
    expect(await balanceOf(ledger.db.prisma, userId)).toBe(30)
  })

  it('adds the credits typed, expiring after the days typed (not the credits as days)', async () => {
    const userId = await ledger.user('topped', 12)
    const before = Date.now()
    const result = await grantAs(admin, { userId, credits: 40, days: 3, note: 'Support ticket: refund' })
    const after = Date.now()
    expect(result).toMatchObject({ current_limit: 52, max_limit: TRIAL_CREDITS + 40 })
    expect(result.entry).toMatchObject({ amount: 40, reason: 'admin_topup', reference: result.auditId })
    const expiresAt = result.entry.expiresAt?.getTime() ?? 0
    expect(expiresAt).toBeGreaterThanOrEqual(before + 3 * DAY)
    expect(expiresAt).toBeLessThanOrEqual(after + 3 * DAY)
    expect(await limitsOf(userId)).toEqual({ balance: 52, max: TRIAL_CREDITS + 40 })
  })

  it('records who granted what to whom in the audit log, which the ledger entry names', async () => {
    const userId = await ledger.user('audited', 30)
    const { auditId, entry } = await grantAs(admin, { userId, credits: 250, days: 90, note: 'Launch partner' })
    const audit = await ledger.db.prisma.auditEntry.findUniqueOrThrow({ where: { id: auditId } })
    expect(audit).toMatchObject({
      actorId: admin.id,
      targetUserId: userId,
      action: 'credits.grant',
      details: { credits: 250, days: 90, note: 'Launch partner', expiresAt: entry.expiresAt?.toISOString() },
    })
    const stored = await ledger.db.prisma.creditEntry.findUniqueOrThrow({ where: { id: entry.id } })
    expect(stored).toMatchObject({ userId, amount: 250, reason: 'admin_topup', reference: auditId })
    const { entries } = await callerFor(ledger.db.prisma, admin).admin.audit.list({ targetUserId: userId })
    expect(entries).toMatchObject([{ id: auditId, actor: { id: admin.id }, target: { id: userId } }])
  })

  it('lets the expiry sweeper take what is left of the grant once its days have passed, and no sooner', async () => {
    const userId = await ledger.user('expiring', 30)
    const { entry } = await grantAs(admin, { userId, credits: 100, days: 2 })
    const expiresAt = entry.expiresAt ?? new Date(0)
    // Credits are spent soonest expiry first: these 10 come out of the 2-day grant, not the 7-day trial.
    await reserveCredits(ledger.db.prisma, {
      userId,
      amount: 10,
      generationId: randomUUID(),
      generation: textGeneration,
    })

    await expireLapsedGrants(ledger.db.prisma, { now: new Date(expiresAt.getTime() - 60_000) })
    expect(await balanceOf(ledger.db.prisma, userId)).toBe(120)

    await expireLapsedGrants(ledger.db.prisma, { now: new Date(expiresAt.getTime() + 1_000) })
    const expiries = await ledger.db.prisma.creditEntry.findMany({ where: { userId, reason: 'expiry' } })
    expect(expiries).toMatchObject([{ amount: -90, reference: entry.id }])
    expect(await limitsOf(userId)).toEqual({ balance: 30, max: TRIAL_CREDITS })
  })

  it('refuses credits or days that are not sane whole numbers, and an unknown account', async () => {
    const userId = await ledger.user('invalid', 30)
    const bad = [
      { credits: 0, days: 30 },
      { credits: -5, days: 30 },
      { credits: 2.5, days: 30 },
      { credits: 100_001, days: 30 },
      { credits: 10, days: 0 },
      { credits: 10, days: 3651 },
      { credits: 10, days: 1.5 },
    ]
    for (const input of bad)
      expect(await trpcCodeOf(grantAs(admin, { userId, ...input })), JSON.stringify(input)).toBe('BAD_REQUEST')
    expect(await trpcCodeOf(grantAs(admin, { userId, credits: 1, days: 1, note: 'two\nlines' }))).toBe('BAD_REQUEST')
    expect(await trpcCodeOf(grantAs(admin, { userId: randomUUID(), credits: 10, days: 10 }))).toBe('NOT_FOUND')
    expect(await balanceOf(ledger.db.prisma, userId)).toBe(30)
    const bounds = await grantAs(admin, { userId, credits: 100_000, days: 3650 })
    expect(bounds.current_limit).toBe(100_030)
  })
})
