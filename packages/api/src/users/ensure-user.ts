import type { IdentityUser } from '@promptly/core/identity/user'
import type { Db, Prisma } from '@promptly/db/client'
import type { User } from '@promptly/db/generated/prisma/client'

/**
 * The stored account for someone the identity provider vouches for. Created on first sign-in on
 * the free plan; the trial grant comes once the address is verified (`markEmailVerified`).
 * Later sign-ins refresh name, e-mail and avatar (a new address is unverified again).
 */
export async function ensureUser(db: Db, identity: IdentityUser): Promise<User> {
  const existing = await db.user.findUnique({ where: { clerkId: identity.clerkId } })
  if (existing) return refreshProfile(db, existing, identity)
  try {
    return await db.$transaction((tx) => createUser(tx, identity))
  } catch (error) {
    // Two first requests raced: the other one created the account.
    const created = await db.user.findUnique({ where: { clerkId: identity.clerkId } })
    if (created) return created
    throw error
  }
}

/**
 * A new, unverified account on the free plan, inside the caller's transaction, so that whatever
 * else the caller writes with it (a local account's login) lands all together or not at all.
 * No credits yet: they come with verification, so throwaway addresses mint nothing.
 */
export async function createUser(tx: Prisma.TransactionClient, identity: IdentityUser): Promise<User> {
  return tx.user.create({ data: { ...identity, plan: 'free', trialEndsAt: null } })
}

/**
 * Keeps the stored profile in step with the provider's. A different address is a different proof:
 * the account is unverified again (no ADMIN_EMAILS rights) until the provider says the new one is
 * verified; a change of letter case is the same address.
 */
async function refreshProfile(db: Db, user: User, identity: IdentityUser): Promise<User> {
  const changed = user.name !== identity.name || user.email !== identity.email || user.imageUrl !== identity.imageUrl
  if (!changed) return user
  const newAddress = normalizedAddress(user.email) !== normalizedAddress(identity.email)
  return db.user.update({
    where: { id: user.id },
    data: {
      name: identity.name,
      email: identity.email,
      imageUrl: identity.imageUrl,
      ...(newAddress ? { emailVerifiedAt: null } : {}),
    },
  })
}

function normalizedAddress(email: string): string {
  return email.trim().toLowerCase()
}
