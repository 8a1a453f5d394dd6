import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'

import { TRIAL_CREDITS } from '@promptly/core/credits/plan-rules'

import type { SignedInUser } from '../context.ts'
import { callerFor } from '../testing/test-caller.ts'
import { grantCredits } from './grant-credits.ts'
import { useLedgerTestDatabase } from './testing/ledger-test-database.ts'

const ledger = useLedgerTestDatabase()

async function account(name: string, balance: number): Promise<SignedInUser> {
  const id = await ledger.user(name, balance)
  return { ...(await ledger.db.prisma.user.findUniqueOrThrow({ where: { id } })), isAdmin: false }
}
const limitsOf = (user: SignedInUser | null) => callerFor(ledger.db.prisma, user).credits.limits()

describe('credits.limits', () => {
  it("answers the caller's plan, credits left and credits granted for the period", async () => {
    const ada = await account('ada', 12)
    expect(await limitsOf(ada)).toEqual({ plan: 'free', current_limit: 12, max_limit: TRIAL_CREDITS })
  })

  it('never counts a grant that has lapsed, whether or not the sweeper has run', async () => {
    const ada = await account('ada-lapsed', 30)
    const grant = { userId: ada.id, amount: 100, reason: 'admin_topup' as const, reference: randomUUID() }
    await ledger.db.prisma.$transaction((tx) =>
      grantCredits(tx, { ...grant, expiresAt: new Date(Date.now() + 60_000) }),
    )
    expect(await limitsOf(ada)).toMatchObject({ current_limit: 130, max_limit: TRIAL_CREDITS + 100 })
    await ledger.db.prisma.creditEntry.updateMany({
      where: { userId: ada.id, reference: grant.reference },
      data: { expiresAt: new Date(Date.now() - 1_000) },
    })
    expect(await limitsOf(ada)).toEqual({ plan: 'free', current_limit: 30, max_limit: TRIAL_CREDITS })
    expect(await ledger.db.prisma.creditEntry.count({ where: { userId: ada.id, reason: 'expiry' } })).toBe(1)
  })

  it("shows each caller their own limits only: another user's credits never appear", async () => {
    const ada = await account('ada-own', 3)
    const bob = await account('bob-own', 27)
    expect(await limitsOf(ada)).toMatchObject({ current_limit: 3 })
    expect(await limitsOf(bob)).toMatchObject({ current_limit: 27 })
  })

  it('answers UNAUTHORIZED signed out', async () => {
    await expect(limitsOf(null)).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
  })
})
