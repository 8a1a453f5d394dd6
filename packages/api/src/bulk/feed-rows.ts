import type { Db } from '@promptly/db/client'

import type { RowQueue, RowTask } from './row-queue.ts'

/**
 * Hands an owner's next rows to the queue, up to `inFlight` of theirs queued at once over all their
 * running jobs (oldest job first, rows in order). Called when a job starts or resumes and whenever
 * the owner's rows settle, so each owner keeps a steady few rows in the queue and a newcomer's rows
 * wait behind at most that many of anyone's: the fairness between owners. Returns how many were
 * queued.
 *
 * The rows are marked `queued` in a transaction holding the owner's advisory lock, so two instances
 * feeding the same owner at once cannot both fill the same room: the second waits for the first to
 * commit, then counts what it queued. A waiting feed holds a pooled connection, which is why the row
 * runner feeds each owner once at a time per instance (coalesced-feeds.ts). A crash between the
 * commit and the queue's add leaves rows marked but not queued: requeueStrandedRows puts them back.
 */
export async function feedOwner(db: Db, queue: RowQueue, ownerId: string, inFlight: number): Promise<number> {
  const picked = await pickRows(db, ownerId, inFlight)
  if (picked.length === 0) return 0
  // RETURNING has no order: the queue gets them in the order they were picked.
  picked.sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.position - b.position)
  await queue.add(picked.map((row): RowTask => ({ jobId: row.job_id, rowId: row.id, ownerId })))
  return picked.length
}

type PickedRow = { id: string; job_id: string; position: number; created_at: Date }

/** The rows marked queued for the owner's room, under the owner's lock. */
function pickRows(db: Db, ownerId: string, inFlight: number): Promise<PickedRow[]> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('promptly:bulk-owner'), hashtext(${ownerId}))`
    const [queued] = await tx.$queryRaw<{ count: number }[]>`
      SELECT count(*)::int AS count
        FROM bulk_rows r JOIN bulk_jobs j ON j.id = r.job_id
       WHERE j.user_id = ${ownerId}::uuid AND j.status = 'running' AND r.status = 'queued'`
    const room = inFlight - (queued?.count ?? 0)
    if (room <= 0) return []
    return tx.$queryRaw<PickedRow[]>`
      UPDATE bulk_rows r
         SET status = 'queued', updated_at = now() AT TIME ZONE 'UTC'
        FROM bulk_jobs j
       WHERE j.id = r.job_id
         AND r.id IN (
           SELECT r2.id
             FROM bulk_rows r2 JOIN bulk_jobs j2 ON j2.id = r2.job_id
            WHERE j2.user_id = ${ownerId}::uuid AND j2.status = 'running' AND r2.status = 'pending'
            ORDER BY j2.created_at, r2.job_id, r2.position
            LIMIT ${room}
              FOR UPDATE OF r2 SKIP LOCKED)
      RETURNING r.id, r.job_id, r.position, j.created_at`
  })
}

/**
 * Feeds every owner who has rows to run but none in the queue: a job whose last feed failed (the
 * database was away), or whose rows went back to pending while it was paused and resumed elsewhere.
 * Returns how many rows were queued.
 */
export async function feedIdleOwners(db: Db, queue: RowQueue, inFlight: number): Promise<number> {
  const owners = await db.$queryRaw<{ user_id: string }[]>`
    SELECT DISTINCT j.user_id
      FROM bulk_jobs j
     WHERE j.status = 'running'
       AND EXISTS (SELECT 1 FROM bulk_rows r WHERE r.job_id = j.id AND r.status = 'pending')
       AND NOT EXISTS (
         SELECT 1 FROM bulk_rows r JOIN bulk_jobs j2 ON j2.id = r.job_id
          WHERE j2.user_id = j.user_id AND j2.status = 'running' AND r.status = 'queued')`
  let fed = 0
  for (const owner of owners) fed += await feedOwner(db, queue, owner.user_id, inFlight)
  return fed
}

/** Rows marked `queued` longer than this without a change may have missed the queue. */
export const STRANDED_AFTER_MS = 5 * 60_000

/**
 * Puts back in the queue the rows of running jobs that have been `queued` for `olderThanMs` without
 * changing: marked by an instance that died before its add reached the queue, or held by an
 * in-process queue that went down with its process. Adding is idempotent for a row the queue still
 * holds, and a row that settled meanwhile is skipped by its runner, so this is safe to run on a timer
 * (the sweepers' leader does) and at start-up. Returns how many were added.
 */
export async function requeueStrandedRows(db: Db, queue: RowQueue, olderThanMs = STRANDED_AFTER_MS): Promise<number> {
  const stranded = await db.$queryRaw<{ id: string; job_id: string; user_id: string }[]>`
    SELECT r.id, r.job_id, j.user_id
      FROM bulk_rows r JOIN bulk_jobs j ON j.id = r.job_id
     WHERE j.status = 'running' AND r.status = 'queued'
       AND r.updated_at < (now() AT TIME ZONE 'UTC') - ${olderThanMs}::int * interval '1 millisecond'
     ORDER BY j.created_at, r.position`
  if (stranded.length > 0) {
    await queue.add(stranded.map((row) => ({ jobId: row.job_id, rowId: row.id, ownerId: row.user_id })))
  }
  return stranded.length
}
