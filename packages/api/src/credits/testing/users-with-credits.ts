import { randomUUID } from 'node:crypto'

import { DEFAULT_REFERRAL_DAILY_CAP } from '@promptly/core/credits/plan-rules'
import type { Db } from '@promptly/db/client'

import { ensureUser } from '../../users/ensure-user.ts'
import { markEmailVerified } from '../../users/verify-email.ts'
import { commitReservation } from '../reservation/commit-reservation.ts'
import { reserveCredits, type GenerationDraft } from '../reservation/reserve-credits.ts'

export const textGeneration: GenerationDraft = {
  kind: 'generic',
  input: { groups: [['a chef']] },
  provider: 'local',
  model: 'test',
}

/**
 * A new verified account (so with its 30 trial credits) brought down to `balance` through the
 * ledger, as real use would.
 */
export async function userWithBalance(db: Db, name: string, balance: number): Promise<string> {
  const created = await ensureUser(db, {
    clerkId: `user_${name}_${randomUUID()}`,
    name,
    email: `${name}@example.com`,
    imageUrl: `https://img.example/${name}.png`,
  })
  const user = await db.$transaction((tx) =>
    markEmailVerified(tx, created.id, { referralDailyCap: DEFAULT_REFERRAL_DAILY_CAP }),
  )
  const spend = user.creditBalance - balance
  if (spend < 0) throw new Error(`userWithBalance: a new account has only ${user.creditBalance} credits`)
  if (spend > 0) {
    const generationId = randomUUID()
    await reserveCredits(db, { userId: user.id, amount: spend, generationId, generation: textGeneration })
    await commitReservation(db, generationId, { output: '<p>earlier work</p>', latencyMs: 5 })
  }
  return user.id
}

export async function balanceOf(db: Db, userId: string): Promise<number> {
  return (await db.user.findUniqueOrThrow({ where: { id: userId }, select: { creditBalance: true } })).creditBalance
}
