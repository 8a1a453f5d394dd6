import type { Db } from '@promptly/db/client'
import type { User } from '@promptly/db/generated/prisma/client'

/** The user whose local account signs in with this (normalised) address, if there is one. */
export async function userOfLocalEmail(db: Db, email: string): Promise<User | undefined> {
  const account = await db.localAccount.findUnique({ where: { email }, include: { user: true } })
  return account?.user
}
