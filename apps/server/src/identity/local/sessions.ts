import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '@promptly/db/client'
import type { User } from '@promptly/db/generated/prisma/client'

export const SESSION_LIFETIME_DAYS = 30
const SESSION_LIFETIME_MS = SESSION_LIFETIME_DAYS * 24 * 60 * 60 * 1000

/** 32 random bytes in base64url are always 43 characters of this alphabet. */
const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

export interface NewSession {
  /** Goes to the browser (cookie) or the script (Bearer) and nowhere else: never stored, never logged. */
  token: string
  expiresAt: Date
}

/**
 * Sessions live in the database (not a signed cookie) so signing out, or deleting an account, ends
 * them at once on every server. The row's id is the token's SHA-256: someone who reads the table
 * cannot use what they read. A plain hash is enough because the token has 256 bits of entropy.
 */
export async function createSession(db: Db, userId: string, now = new Date()): Promise<NewSession> {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS)
  await db.session.create({ data: { id: hashSessionToken(token), userId, expiresAt } })
  // Each sign-in sweeps this user's dead sessions, so the table does not grow with every login.
  await db.session.deleteMany({ where: { userId, expiresAt: { lte: now } } })
  return { token, expiresAt }
}

/** The account a token belongs to; null when the token is malformed, unknown or expired (an expired row is deleted). */
export async function findSessionUser(db: Db, token: string, now = new Date()): Promise<User | null> {
  if (!isWellFormedSessionToken(token)) return null
  const id = hashSessionToken(token)
  // One statement on the path every signed-in request takes (an EXISTS on the session's primary key).
  const user = await db.user.findFirst({ where: { sessions: { some: { id, expiresAt: { gt: now } } } } })
  if (user) return user
  // Unknown or expired: clear the expired row, if that is what it was.
  await db.session.deleteMany({ where: { id, expiresAt: { lte: now } } })
  return null
}

/** Ends a session server-side. Unknown or malformed tokens are ignored: signing out twice is fine. */
export async function deleteSession(db: Db, token: string): Promise<void> {
  if (!isWellFormedSessionToken(token)) return
  await db.session.deleteMany({ where: { id: hashSessionToken(token) } })
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Garbage is refused before it costs a database round trip. */
export function isWellFormedSessionToken(token: string): boolean {
  return SESSION_TOKEN_PATTERN.test(token)
}
