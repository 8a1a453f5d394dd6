import { TRIAL_CREDITS, trialEndsAt } from '@promptly/core/credits/plan-rules'
import type { IdentityUser } from '@promptly/core/identity/user'
import type { Db, Prisma } from '@promptly/db/client'
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
    return await db.$transaction((tx) => createUserWithTrial(tx, identity, now))
  } catch (error) {
    // Two first requests raced: the other one created the account.
    const created = await db.user.findUnique({ where: { clerkId: identity.clerkId } })
    if (created) return created
    throw error
  }
}

/**
 * A new account on the free plan with its trial grant, inside the caller's transaction, so that
 * whatever else the caller writes with it (a local account's login) lands all together or not at all.
 */
export async function createUserWithTrial(tx: Prisma.TransactionClient, identity: IdentityUser, now = new Date()): Promise<User> {
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
