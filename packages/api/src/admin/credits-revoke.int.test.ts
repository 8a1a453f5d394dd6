import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'

import type { SignedInUser } from '../context.ts'
import { useLedgerTestDatabase } from '../credits/testing/ledger-test-database.ts'
import { balanceOf } from '../credits/testing/users-with-credits.ts'
import { callerFor } from '../testing/test-caller.ts'
import { adminAndPlainUser, expectAdminOnly, trpcCodeOf } from './testing/admin-only.ts'

const ledger = useLedgerTestDatabase()
let admin: SignedInUser
let plain: SignedInUser

beforeAll(async () => {
  ;({ admin, plain } = await adminAndPlainUser(ledger.db.prisma))
})

const revokeAs = (who: SignedInUser | null, input: { userId: string; credits: number; note?: string }) =>
  callerFor(ledger.db.prisma, who).admin.credits.revoke(input)

const revokesOf = (userId: string) =>
  ledger.db.prisma.creditEntry.findMany({
    where: { userId, reason: 'admin_revoke' },
    select: { amount: true, reference: true },
  })

describe('admin.credits.revoke', () => {
  it('answers UNAUTHORIZED signed out and FORBIDDEN to a plain user, and takes nothing then', async () => {
    const userId = await ledger.user('refused', 30)
    await expectAdminOnly(ledger.db.prisma, plain, (caller) => caller.admin.credits.revoke({ userId, credits: 10 }))
    expect(await balanceOf(ledger.db.prisma, userId)).toBe(30)
    expect(await revokesOf(userId)).toEqual([])
  })

  it('takes the credits asked with a ledger entry that names its audit entry, and lowers the maximum', async () => {
    const userId = await ledger.user('revoked', 30)
    const grant = await callerFor(ledger.db.prisma, admin).admin.credits.grant({ userId, credits: 100, days: 30 })
    expect(grant.max_limit).toBe(130)
    const result = await revokeAs(admin, { userId, credits: 100, note: 'Granted to the wrong account' })
    expect(result).toMatchObject({ taken: 100, current_limit: 30, max_limit: 30 })
    expect(await revokesOf(userId)).toEqual([{ amount: -100, reference: result.auditId }])
    const audit = await ledger.db.prisma.auditEntry.findUniqueOrThrow({ where: { id: result.auditId } })
    expect(audit).toMatchObject({
      actorId: admin.id,
      targetUserId: userId,
      action: 'credits.revoke',
      details: { credits: 100, taken: 100, note: 'Granted to the wrong account' },
    })
  })

  it('never goes below zero: it takes at most the balance, and nothing from an empty one (still audited)', async () => {
    const userId = await ledger.user('short', 5)
    expect(await revokeAs(admin, { userId, credits: 20 })).toMatchObject({ taken: 5, current_limit: 0 })
    const empty = await revokeAs(admin, { userId, credits: 20 })
    expect(empty).toMatchObject({ taken: 0, current_limit: 0 })
    expect((await revokesOf(userId)).map((entry) => entry.amount)).toEqual([-5])
    expect(await ledger.db.prisma.auditEntry.count({ where: { targetUserId: userId, action: 'credits.revoke' } })).toBe(
      2,
    )
  })

  it('takes no more than the balance when several revokes arrive at once', async () => {
    const userId = await ledger.user('raced', 30)
    const results = await Promise.all(Array.from({ length: 5 }, () => revokeAs(admin, { userId, credits: 10 })))
    expect(results.reduce((sum, result) => sum + result.taken, 0)).toBe(30)
    expect(await balanceOf(ledger.db.prisma, userId)).toBe(0)
  })

  it('refuses credits that are not a sane whole number, and an unknown account', async () => {
    const userId = await ledger.user('invalid', 30)
    for (const credits of [0, -1, 0.5, 100_001]) {
      expect(await trpcCodeOf(revokeAs(admin, { userId, credits }))).toBe('BAD_REQUEST')
    }
    expect(await trpcCodeOf(revokeAs(admin, { userId: randomUUID(), credits: 1 }))).toBe('NOT_FOUND')
    expect(await balanceOf(ledger.db.prisma, userId)).toBe(30)
  })
})
