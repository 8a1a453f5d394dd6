import type { Database } from '@promptly/db/client'

/**
 * Resolves once `count` statements of `db`'s database wait for a lock: how a test knows the statements
 * it started have queued up behind a lock it holds, before letting go (PostgreSQL only).
 */
export async function lockWaiters(db: Database, count: number): Promise<void> {
  for (;;) {
    const [waiting] = await db.prisma.$queryRaw<{ count: number }[]>`
      SELECT count(*)::int AS count FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock'`
    if ((waiting?.count ?? 0) >= count) return
    await new Promise((resolve) => setImmediate(resolve))
  }
}
