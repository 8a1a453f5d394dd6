import { TRIAL_CREDITS, trialEndsAt } from '@promptly/core/credits/plan-rules'
import type { IdentityUser } from '@promptly/core/identity/user'
import type { Db } from '@promptly/db/client'
import type { User } from '@promptly/db/generated/prisma/client'
import { grantCredits } from '../credits/ledger.ts'

/**
 * The stored account for someone the identity provider vouches for. Created on first sign-in
 * on the free plan with the trial grant; later sign-ins refresh name, e-mail and avatar.
 */
export async function ensureUser(db: Db, identity: IdentityUser, now = new Date()): Promise<User> {
  const existing = await db.user.findUnique({ where: { clerkId: identity.clerkId } })
  if (existing) return refreshProfile(db, existing, identity)
  try {
    return await db.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: { ...identity, plan: 'free', trialEndsAt: trialEndsAt(now) },
      })
      await grantCredits(tx, {
        userId: user.id,
        amount: TRIAL_CREDITS,
        reason: 'trial',
        reference: user.id,
        expiresAt: trialEndsAt(now),
      })
      return tx.user.findUniqueOrThrow({ where: { id: user.id } })
    })
  } catch (error) {
    // Two first requests raced: the other one created the account.
    const created = await db.user.findUnique({ where: { clerkId: identity.clerkId } })
    if (created) return created
    throw error
  }
}

async function refreshProfile(db: Db, user: User, identity: IdentityUser): Promise<User> {
  const changed =
    user.name !== identity.name || user.email !== identity.email || user.imageUrl !== identity.imageUrl
  if (!changed) return user
  return db.user.update({
    where: { id: user.id },
    data: { name: identity.name, email: identity.email, imageUrl: identity.imageUrl },
  })
}
