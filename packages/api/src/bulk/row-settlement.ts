import type { Db } from '@promptly/db/client'
import { Prisma } from '@promptly/db/generated/prisma/client'

/** How a delivery went: done, the row settled by another run, or this run's reservation refunded first. */
export type DeliveryOutcome = 'delivered' | 'row_settled' | 'reservation_settled'

/**
 * How a row's run ended: still `queued` for another run or settled by one ('open'), delivered, or
 * settled otherwise (failed, cancelled, put back to pending), so the owner has room for another row.
 */
export type RowEnd = 'open' | 'delivered' | 'settled'

/** What a delivered row keeps. */
export interface Delivery {
  rowId: string
  jobId: string
  generationId: string
  output: string
  latencyMs: number
  cost: number
  /** The model that answered, when the provider said (a media generation's). */
  model?: string | undefined
}

/**
 * Marks a row delivered and keeps its generation's charge, in one statement (one round trip on every
 * row's path, and atomic as one): the row moves from `queued` to `done`, the reservation from reserved
 * to succeeded, and the job's counters go up.
 * - The reservation is locked first and must still be reserved: a sweeper refunding it meanwhile waits
 *   for this statement and then finds it settled; one it refunded before leaves the row untouched and
 *   queued for another run ('reservation_settled').
 * - Only a row still `queued` moves: when two runs of the same row deliver at once (the queue runs a
 *   task at least once: a worker thought dead may still be running), the second waits for the first's
 *   row lock, finds the row done and changes nothing ('row_settled'); its caller refunds its own
 *   reservation.
 * When the job's counters say no row is left to run, the job is finished too (finishIfSettled).
 */
export async function deliverRow(db: Db, delivery: Delivery): Promise<DeliveryOutcome> {
  const { rowId, jobId, generationId, output, cost } = delivery
  const latencyMs = Math.max(0, Math.round(delivery.latencyMs))
  const [result] = await db.$queryRaw<DeliveryRow[]>`
    WITH held AS (
      SELECT id FROM generations WHERE id = ${generationId}::uuid AND status = 'reserved' FOR UPDATE
    ), moved AS (
      UPDATE bulk_rows
         SET status = 'done', output = ${output}, generation_id = ${generationId}::uuid, error = NULL,
             updated_at = now() AT TIME ZONE 'UTC'
       WHERE id = ${rowId}::uuid AND status = 'queued' AND EXISTS (SELECT 1 FROM held)
      RETURNING id
    ), committed AS (
      UPDATE generations
         SET status = 'succeeded', output = ${output}, latency_ms = ${latencyMs},
             finished_at = now() AT TIME ZONE 'UTC', model = COALESCE(${delivery.model ?? null}::text, model)
       WHERE id = ${generationId}::uuid AND EXISTS (SELECT 1 FROM moved)
      RETURNING id
    ), counted AS (
      UPDATE bulk_jobs
         SET done = done + 1, credits_used = credits_used + ${cost}, updated_at = now() AT TIME ZONE 'UTC'
       WHERE id = ${jobId}::uuid AND EXISTS (SELECT 1 FROM committed)
      RETURNING status, total - done - failed - invalid AS left
    )
    SELECT EXISTS (SELECT 1 FROM held) AS held, EXISTS (SELECT 1 FROM committed) AS delivered,
           (SELECT status::text FROM counted) AS job_status, (SELECT "left" FROM counted) AS "left"`
  if (!result?.held) return 'reservation_settled'
  if (!result.delivered) return 'row_settled'
  // A running job with rows left to run is not finished; anything else is checked against its rows.
  if (result.job_status !== 'running' || (result.left ?? 0) <= 0) await finishIfSettled(db, jobId)
  return 'delivered'
}

interface DeliveryRow {
  /** The reservation was still held (not refunded by the sweeper). */
  held: boolean
  /** The row moved to done and the reservation was committed. */
  delivered: boolean
  job_status: string | null
  /** Rows of the job neither done, failed nor invalid, after this one. */
  left: number | null
}

/** A row that will not be delivered: every attempt failed, or it cannot run (the tool is gone). */
export async function failRow(db: Db, row: { id: string; jobId: string }, error: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const moved = await tx.bulkRow.updateMany({
      where: { id: row.id, status: 'queued' },
      data: { status: 'failed', error },
    })
    if (moved.count === 1) await tx.bulkJob.update({ where: { id: row.jobId }, data: { failed: { increment: 1 } } })
  })
}

/** A queued row the job no longer wants run (cancelled): settled without running. */
export async function cancelQueuedRow(db: Db, rowId: string): Promise<void> {
  await db.bulkRow.updateMany({ where: { id: rowId, status: 'queued' }, data: { status: 'cancelled' } })
}

/** A queued row of a job that is paused or waiting for credits: back to pending, fed again on resume. */
export async function unqueueRow(db: Db, rowId: string): Promise<void> {
  await db.bulkRow.updateMany({ where: { id: rowId, status: 'queued' }, data: { status: 'pending' } })
}

/**
 * The owner's balance does not cover the next row: the job waits for credits (it resumes on a top-up,
 * or when the owner asks), and the row goes back to pending.
 */
export async function waitForCredits(db: Db, row: { id: string; jobId: string }): Promise<void> {
  await db.$transaction([
    db.bulkJob.updateMany({ where: { id: row.jobId, status: 'running' }, data: { status: 'waiting_for_credits' } }),
    db.bulkRow.updateMany({ where: { id: row.id, status: 'queued' }, data: { status: 'pending' } }),
  ])
}

/**
 * Marks a running or cancelled job finished once none of its rows is pending or queued: `completed`
 * for a running job (a cancelled one stays cancelled, with its finish time). Safe to call after
 * every row: only the call that sees the last row settled changes anything.
 */
export async function finishIfSettled(db: Db, jobId: string): Promise<void> {
  await finishSettled(db, Prisma.sql`j.id = ${jobId}::uuid`)
}

/**
 * finishIfSettled for every job: the bulk sweeper's safety net for a job whose last row settled while
 * its counters said rows were left (deliverRow trusts them to skip the check). Returns how many finished.
 */
export function finishSettledJobs(db: Db): Promise<number> {
  return finishSettled(db, Prisma.sql`true`)
}

function finishSettled(db: Db, which: Prisma.Sql): Promise<number> {
  return db.$executeRaw`
    UPDATE bulk_jobs j
       SET status = CASE WHEN status = 'running' THEN 'completed'::"BulkJobStatus" ELSE status END,
           finished_at = now() AT TIME ZONE 'UTC', updated_at = now() AT TIME ZONE 'UTC'
     WHERE ${which} AND finished_at IS NULL AND status IN ('running', 'cancelled')
       AND NOT EXISTS (SELECT 1 FROM bulk_rows r WHERE r.job_id = j.id AND r.status IN ('pending', 'queued'))`
}
