import { lapsedGrantBalances } from '@promptly/core/credits/grant-expiry'
import type { Db } from '@promptly/db/client'
import { Prisma } from '@promptly/db/generated/prisma/client'

type Tx = Prisma.TransactionClient

/**
 * SQL condition on a credit_entries row named `g`: a grant that is due by `at` (its `expiresAt` has
 * passed) and whose 'expiry' entry is not written yet. The one test of "has lapsed but still counts"
 * shared by the sweeper's search, the reservation's hot path and the reads; with `g.user_id = ...`
 * beside it, the (user_id, expires_at) index serves it, and the unique (user, reason, reference) key
 * the expiry lookup.
 */
export function lapsedUnexpiredGrant(at: Prisma.Sql | Date): Prisma.Sql {
  return Prisma.sql`g.expires_at <= ${at} AND NOT EXISTS (
      SELECT 1 FROM credit_entries x WHERE x.user_id = g.user_id AND x.reason = 'expiry' AND x.reference = g.id::text)`
}

/** SQL: whether the user `userId` (a uuid expression: a column or a cast parameter) holds such a grant. */
export function holdsLapsedGrant(userId: Prisma.Sql, at: Prisma.Sql | Date): Prisma.Sql {
  return Prisma.sql`EXISTS (SELECT 1 FROM credit_entries g WHERE g.user_id = ${userId} AND ${lapsedUnexpiredGrant(at)})`
}

/** A user's credits once every grant due by then has its expiry entry. */
export interface SettledCredits {
  balance: number
  max: number
  /** Credits the expiry entries written now took away (0 when nothing was due). */
  expired: number
}

/**
 * Writes an 'expiry' entry for every grant of the user due by `now` that has none yet: minus the
 * credits it still holds by the rule in core/credits/grant-expiry.ts, capped by the balance, and
 * lowers the balance and the maximum with it. A grant whose credits were all spent gets an entry of
 * 0, which marks it settled. The sweeper runs it for each user it finds, and every read or spend of
 * the balance runs it first, so whether a grant is spendable never depends on the sweeper having run.
 *
 * In the caller's transaction, and under a lock on the user's row taken first: a second expiry (the
 * sweeper and a request, or two requests) waits, and its ledger read, a later statement, sees the
 * entries the first committed, so it finds nothing left to write; the (user, reason, reference)
 * unique key would refuse a second entry even then. The row lock is held to the end of the
 * transaction, so the caller's spend or refund sees the balance this leaves. Returns null when there
 * is no such user.
 */
export async function expireDueGrants(tx: Tx, userId: string, now: Date): Promise<SettledCredits | null> {
  // `due` comes from this statement's snapshot, which may predate a concurrent expiry committed while
  // we waited for the lock: a stale "yes" only costs the ledger read below, which is then current.
  const [user] = await tx.$queryRaw<{ balance: number; max: number; due: boolean }[]>`
    SELECT u.credit_balance AS balance, u.credit_max AS max, ${holdsLapsedGrant(Prisma.sql`u.id`, now)} AS due
      FROM users u WHERE u.id = ${userId}::uuid FOR UPDATE OF u`
  if (!user) return null
  if (!user.due) return { balance: user.balance, max: user.max, expired: 0 }
  const entries = await tx.creditEntry.findMany({
    where: { userId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, amount: true, reason: true, reference: true, createdAt: true, expiresAt: true },
  })
  const grantAmounts = new Map(entries.map((entry) => [entry.id, entry.amount]))
  let { balance, max } = user
  let expired = 0
  for (const [grantId, held] of lapsedGrantBalances(entries, now)) {
    const amount = Math.min(held, balance)
    await tx.creditEntry.create({ data: { userId, amount: -amount, reason: 'expiry', reference: grantId } })
    balance -= amount
    // "X of Y left": Y counts the credits of grants still running.
    max = Math.max(0, max - (grantAmounts.get(grantId) ?? 0))
    expired += amount
  }
  await tx.user.update({ where: { id: userId }, data: { creditBalance: balance, creditMax: max } })
  return { balance, max, expired }
}

/**
 * Before a read shows a user's credits: expires their due grants if they have any. The common case,
 * nothing due, costs one indexed query and writes nothing. Returns whether something was due.
 */
export async function settleLapsedGrants(db: Db, userId: string, now = new Date()): Promise<boolean> {
  const [row] = await db.$queryRaw<{ due: boolean }[]>`
    SELECT ${holdsLapsedGrant(Prisma.sql`${userId}::uuid`, now)} AS due`
  if (!row?.due) return false
  await db.$transaction((tx) => expireDueGrants(tx, userId, now))
  return true
}
