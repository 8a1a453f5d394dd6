import { randomUUID } from 'node:crypto'

import { DEFAULT_REFERRAL_DAILY_CAP } from '@promptly/core/credits/plan-rules'
import type { Db } from '@promptly/db/client'

import { balanceOf, userWithBalance } from '../../credits/testing/users-with-credits.ts'
import { ensureUser } from '../../users/ensure-user.ts'
import { markEmailVerified } from '../../users/verify-email.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** The referral tests' accounts: verified ones (with the trial) and fresh unverified sign-ups. */
export function referralAccounts(db: () => Db, track: (userId: string) => void) {
  return {
    /** A verified account holding its 30 trial credits. */
    async verified(name: string): Promise<string> {
      const userId = await userWithBalance(db(), name, 30)
      track(userId)
      return userId
    },
    /** A throwaway sign-up: never verified, so no credits; optionally created `ageDays` ago. */
    async unverified(name: string, ageDays = 0): Promise<string> {
      const user = await ensureUser(db(), {
        clerkId: `user_${name}_${randomUUID()}`,
        name,
        email: `${name}-${randomUUID()}@example.com`,
        imageUrl: `https://img.example/${name}.png`,
      })
      if (ageDays > 0)
        await db().user.update({ where: { id: user.id }, data: { createdAt: new Date(Date.now() - ageDays * DAY_MS) } })
      track(user.id)
      return user.id
    },
    /** The verification link followed (or Clerk's verified address seen) at `now`, under the cap `dailyCap`. */
    async verify(userId: string, now = new Date(), dailyCap = DEFAULT_REFERRAL_DAILY_CAP): Promise<void> {
      await db().$transaction((tx) => markEmailVerified(tx, userId, { referralDailyCap: dailyCap, now }))
    },
    balance: (userId: string) => balanceOf(db(), userId),
    referralEntries: (userId: string) => db().creditEntry.findMany({ where: { userId, reason: 'referral' } }),
  }
}
