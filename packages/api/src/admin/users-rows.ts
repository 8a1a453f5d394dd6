import { effectivePlan, type AccountPlan } from '@promptly/core/plans/paid-plan'
import type { Db } from '@promptly/db/client'
import { Prisma } from '@promptly/db/generated/prisma/client'

import { expireDueGrants, holdsLapsedGrant } from '../credits/expire-due-grants.ts'
import type { AdminUserRow } from './admin-user-row.schema.ts'
import type { SortOrder, UserSort, UsersPosition } from './users-list.schema.ts'

interface RawAdminUser {
  id: string
  clerkId: string
  name: string
  email: string
  creditBalance: number
  creditMax: number
  plan: AccountPlan
  planValidTill: Date | null
  trialEndsAt: Date | null
  role: AdminUserRow['role']
  emailVerified: boolean
  joinedAt: Date
  lastActiveAt: Date | null
  /** The row's sort key as PostgreSQL's text, for the next page's cursor. */
  position: string | null
  /** A grant of theirs has lapsed without its expiry entry: the balance read still counts it. */
  hasLapsedGrant: boolean
}

/** A timestamp as PostgreSQL's text, to the microsecond: a cursor's position is then exactly the row's. */
const timestampText = (column: Prisma.Sql) => Prisma.sql`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.US')`

interface SortKey {
  /** What the rows are ordered by (then by id). */
  order: Prisma.Sql
  /** That key as text, kept in the cursor. */
  text: Prisma.Sql
  /** A cursor's text back as the same kind of value. */
  fromCursor: (key: string | null) => Prisma.Sql
}

/**
 * Names and addresses sort by their lower-case text under the "C" collation: the same order on
 * PGlite and PostgreSQL whatever their locale, and the keyset comparison uses the very same order.
 * Never-active accounts sort as the oldest activity there is.
 */
const SORT_KEYS: Record<UserSort, SortKey> = {
  joined: {
    order: Prisma.sql`u.created_at`,
    text: timestampText(Prisma.sql`u.created_at`),
    fromCursor: (key) => Prisma.sql`${key}::timestamp`,
  },
  name: {
    order: Prisma.sql`lower(u.name) COLLATE "C"`,
    text: Prisma.sql`lower(u.name)`,
    fromCursor: (key) => Prisma.sql`${key}::text COLLATE "C"`,
  },
  email: {
    order: Prisma.sql`lower(u.email) COLLATE "C"`,
    text: Prisma.sql`lower(u.email)`,
    fromCursor: (key) => Prisma.sql`${key}::text COLLATE "C"`,
  },
  credits: {
    order: Prisma.sql`u.credit_balance`,
    text: Prisma.sql`u.credit_balance::text`,
    fromCursor: (key) => Prisma.sql`${key}::int`,
  },
  lastActive: {
    order: Prisma.sql`COALESCE(a.last_active, '-infinity'::timestamp)`,
    text: timestampText(Prisma.sql`a.last_active`),
    fromCursor: (key) => (key === null ? Prisma.sql`'-infinity'::timestamp` : Prisma.sql`${key}::timestamp`),
  },
}

export interface AdminUsersQuery {
  /** Which accounts (a SQL condition on `u`, the users table). */
  where: Prisma.Sql
  sort: UserSort
  order: SortOrder
  /** The rows after this position in that sort; null for the first page. */
  after: UsersPosition | null
  limit: number
}

/**
 * Admin rows for the accounts `where` selects, in one query: each with its last activity (the
 * latest local session seen, generation started or API key used, read from their user indexes).
 * Keyset paging on (sort key, id), so a page never repeats or skips a row among equal keys.
 * Credits never include a lapsed grant's: when a row's user has one the sweeper has not expired
 * yet, it is expired (expireDueGrants, as every read of the balance does) and the page read again.
 */
export async function selectAdminUsers(
  db: Db,
  query: AdminUsersQuery,
): Promise<Array<{ row: AdminUserRow; key: string | null }>> {
  const now = new Date()
  let rows = await selectRawAdminUsers(db, query, now)
  const lapsed = rows.filter((raw) => raw.hasLapsedGrant)
  if (lapsed.length > 0) {
    for (const { id } of lapsed) await db.$transaction((tx) => expireDueGrants(tx, id, now))
    rows = await selectRawAdminUsers(db, query, now)
  }
  return rows.map((raw) => ({ row: toAdminUserRow(raw, now), key: raw.position }))
}

async function selectRawAdminUsers(db: Db, query: AdminUsersQuery, now: Date): Promise<RawAdminUser[]> {
  const key = SORT_KEYS[query.sort]
  // Only 'ASC' or 'DESC', from the schema's enum: never text a client wrote.
  const direction = Prisma.raw(query.order === 'asc' ? 'ASC' : 'DESC')
  const after = query.after
    ? Prisma.sql`AND (${key.order}, u.id) ${Prisma.raw(query.order === 'asc' ? '>' : '<')}
        (${key.fromCursor(query.after.key)}, ${query.after.id}::uuid)`
    : Prisma.empty
  return db.$queryRaw<RawAdminUser[]>`
    SELECT u.id::text AS id, u.clerk_id AS "clerkId", u.name, u.email,
           u.credit_balance AS "creditBalance", u.credit_max AS "creditMax", u.plan::text AS plan,
           u.plan_valid_till AT TIME ZONE 'UTC' AS "planValidTill",
           u.trial_ends_at AT TIME ZONE 'UTC' AS "trialEndsAt",
           u.role::text AS role, u.email_verified_at IS NOT NULL AS "emailVerified",
           u.created_at AT TIME ZONE 'UTC' AS "joinedAt",
           a.last_active AT TIME ZONE 'UTC' AS "lastActiveAt",
           ${key.text} AS position,
           ${holdsLapsedGrant(Prisma.sql`u.id`, now)} AS "hasLapsedGrant"
      FROM users u
      LEFT JOIN LATERAL (
        SELECT GREATEST(
                 (SELECT max(s.last_seen_at) FROM sessions s WHERE s.user_id = u.id),
                 (SELECT max(g.created_at) FROM generations g WHERE g.user_id = u.id),
                 (SELECT max(k.last_used_at) FROM api_keys k WHERE k.user_id = u.id)
               ) AS last_active
      ) a ON true
     WHERE ${query.where} ${after}
     ORDER BY ${key.order} ${direction}, u.id ${direction}
     LIMIT ${query.limit}`
}

function toAdminUserRow(raw: RawAdminUser, now: Date): AdminUserRow {
  const plan = effectivePlan({ plan: raw.plan, planValidTill: raw.planValidTill }, now)
  return {
    _id: raw.id,
    clerkId: raw.clerkId,
    name: raw.name,
    email: raw.email,
    current_limit: raw.creditBalance,
    max_limit: raw.creditMax,
    plan,
    planValidTill: plan === 'free' ? raw.trialEndsAt : raw.planValidTill,
    role: raw.role,
    emailVerified: raw.emailVerified,
    joinedAt: raw.joinedAt,
    lastActiveAt: raw.lastActiveAt,
  }
}
