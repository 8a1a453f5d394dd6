import { createHash, randomBytes } from 'node:crypto'

import { emailLinkToken } from '@promptly/core/identity/local-account-flows'
import type { Db, Prisma } from '@promptly/db/client'
import type { EmailToken, EmailTokenPurpose, User } from '@promptly/db/generated/prisma/client'

const HOUR_MS = 60 * 60 * 1000

/** How long a link works: a day to verify (mail can be slow to be read), an hour to reset a password. */
export const EMAIL_TOKEN_LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * HOUR_MS,
  reset_password: HOUR_MS,
}

/**
 * A new single-use link token for `email` (the address the mail goes to, which the link proves).
 * Only its SHA-256 is stored: someone who reads the table cannot use what they read. The raw token
 * goes into the mail and nowhere else.
 */
export async function issueEmailToken(
  db: Db | Prisma.TransactionClient,
  { userId, purpose, email }: { userId: string; purpose: EmailTokenPurpose; email: string },
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + EMAIL_TOKEN_LIFETIME_MS[purpose])
  await db.emailToken.create({ data: { id: hashEmailToken(token), userId, purpose, email, createdAt: now, expiresAt } })
  // Dead links of this user are swept as new ones are made, so the table does not grow forever.
  await db.emailToken.deleteMany({ where: { userId, expiresAt: { lte: new Date(now.getTime() - HOUR_MS * 24) } } })
  return token
}

/**
 * The token's row and account when it can be used now: right purpose, unused, unexpired, and sent
 * to the address the account still has (a link mailed to an old address proves nothing about the
 * new one). Null otherwise. Reads only: `consumeEmailToken` spends it.
 */
export async function findUsableEmailToken(
  db: Db | Prisma.TransactionClient,
  token: string,
  purpose: EmailTokenPurpose,
  now = new Date(),
): Promise<(EmailToken & { user: User }) | null> {
  if (!emailLinkToken.safeParse(token).success) return null
  const row = await db.emailToken.findUnique({ where: { id: hashEmailToken(token) }, include: { user: true } })
  if (!row || row.purpose !== purpose || row.usedAt !== null || row.expiresAt <= now) return null
  if (row.email.toLowerCase() !== row.user.email.toLowerCase()) return null
  return row
}

/**
 * Marks the token used, inside the caller's transaction. False when another request spent it
 * first: the conditional update lets exactly one of two racing clicks through.
 */
export async function consumeEmailToken(
  tx: Prisma.TransactionClient,
  tokenId: string,
  now = new Date(),
): Promise<boolean> {
  const { count } = await tx.emailToken.updateMany({ where: { id: tokenId, usedAt: null }, data: { usedAt: now } })
  return count === 1
}

/** When this user was last sent a link of this kind (for the resend cooldown), or null. */
export async function latestEmailTokenAt(db: Db, userId: string, purpose: EmailTokenPurpose): Promise<Date | null> {
  const latest = await db.emailToken.findFirst({
    where: { userId, purpose },
    orderBy: { createdAt: 'desc' },
    select: { createdAt: true },
  })
  return latest?.createdAt ?? null
}

export function hashEmailToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
