import { hash, randomBytes } from 'node:crypto'

import type { CacheBus } from '@promptly/api/caching/cache-bus'
import type { Db, Prisma } from '@promptly/db/client'
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

/** What the session list shows so a user can tell their devices apart. */
export interface SessionClient {
  userAgent: string
  ip: string
}

/** A long User-Agent is cut: it is shown, never parsed, and must not let a client fill the table. */
export const USER_AGENT_MAX_LENGTH = 300

/** lastSeenAt is refreshed at most this often, so a busy session does not write on every request. */
export const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000

/**
 * Sessions live in the database (not a signed cookie) so signing out, or deleting an account, ends
 * them at once on every server. The row's id is the token's SHA-256: someone who reads the table
 * cannot use what they read. A plain hash is enough because the token has 256 bits of entropy.
 */
export async function createSession(
  db: Db,
  userId: string,
  now = new Date(),
  client: SessionClient = { userAgent: '', ip: '' },
): Promise<NewSession> {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS)
  await db.session.create({
    data: {
      id: hashSessionToken(token),
      userId,
      expiresAt,
      createdAt: now,
      lastSeenAt: now,
      userAgent: client.userAgent.slice(0, USER_AGENT_MAX_LENGTH),
      ip: client.ip.slice(0, 64),
    },
  })
  // Each sign-in sweeps this user's dead sessions, so the table does not grow with every login.
  await db.session.deleteMany({ where: { userId, expiresAt: { lte: now } } })
  return { token, expiresAt }
}

/** The signed-in account, the id of the session that proved it, and when that session ends. */
export interface FoundSession {
  sessionId: string
  user: User
  expiresAt: Date
}

/**
 * The session a token belongs to, with its account; null when the token is malformed, unknown or
 * expired (an expired row is deleted). Marks the session seen when its lastSeenAt is older than
 * LAST_SEEN_RESOLUTION_MS: at most one write per session every five minutes.
 */
export async function findSession(db: Db, token: string, now = new Date()): Promise<FoundSession | null> {
  if (!isWellFormedSessionToken(token)) return null
  const id = hashSessionToken(token)
  // Every signed-in request takes this path: two primary-key reads (the session, then its user).
  const session = await db.session.findUnique({ where: { id }, include: { user: true } })
  if (!session) return null
  if (session.expiresAt <= now) {
    await db.session.deleteMany({ where: { id, expiresAt: { lte: now } } })
    return null
  }
  const staleBefore = new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS)
  if (session.lastSeenAt < staleBefore) {
    // Conditional, so concurrent requests of one session write once between them.
    await db.session.updateMany({ where: { id, lastSeenAt: { lt: staleBefore } }, data: { lastSeenAt: now } })
  }
  return { sessionId: id, user: session.user, expiresAt: session.expiresAt }
}

/** The account a token belongs to; null when the token is malformed, unknown or expired. */
export async function findSessionUser(db: Db, token: string, now = new Date()): Promise<User | null> {
  return (await findSession(db, token, now))?.user ?? null
}

/**
 * Ends a session server-side, on every instance: refused from the next request on (each instance's
 * identity cache forgets it, local-identity.ts). Unknown or malformed tokens are ignored: signing
 * out twice is fine.
 */
export async function deleteSession(db: Db, bus: CacheBus, token: string): Promise<void> {
  if (!isWellFormedSessionToken(token)) return
  const id = hashSessionToken(token)
  await db.session.deleteMany({ where: { id } })
  await bus.publish('session', id)
}

/** Ends one of the user's sessions by its id (the session list); false when they have none of that id. */
export async function deleteUserSession(db: Db, bus: CacheBus, userId: string, sessionId: string): Promise<boolean> {
  const { count } = await db.session.deleteMany({ where: { id: sessionId, userId } })
  if (count > 0) await bus.publish('session', sessionId)
  return count > 0
}

/**
 * Call once a change to the stored account has committed that a signed-in request must see at once
 * (a verified address): every instance reads the account afresh on the user's next request.
 */
export function accountChanged(bus: CacheBus, userId: string): Promise<void> {
  return bus.publish('user', userId)
}

export function hashSessionToken(token: string): string {
  // One-shot: a quarter of createHash's cost, and every signed-in request hashes its token.
  return hash('sha256', token, 'hex')
}

/** Garbage is refused before it costs a database round trip. */
export function isWellFormedSessionToken(token: string): boolean {
  return SESSION_TOKEN_PATTERN.test(token)
}

/**
 * Ends every session of a user except `keepSessionId` (if given): sign out everywhere, a new password.
 * Refused from the next request on, on every instance. Given the database, the instances' identity
 * caches forget the user at once; given a transaction, this instance's forgets them now and every
 * instance's (this one's again) when it commits, so nothing re-read in between is kept.
 */
export async function deleteUserSessions(
  db: Db | Prisma.TransactionClient,
  bus: CacheBus,
  userId: string,
  keepSessionId?: string,
) {
  await db.session.deleteMany({ where: { userId, ...(keepSessionId && { id: { not: keepSessionId } }) } })
  if (isDatabase(db)) await bus.publish('user', userId)
  else await bus.publishInTransaction(db, 'user', userId)
}

/** A transaction client is the database client without its connection methods (Prisma leaves them out). */
function isDatabase(db: Db | Prisma.TransactionClient): db is Db {
  return '$connect' in db
}
