import type { Db } from '@promptly/db/client'

import { commitReservation } from '../credits/reservation/commit-reservation.ts'

/** How a delivery went: done, the row settled by another run, or this run's reservation refunded first. */
export type DeliveryOutcome = 'delivered' | 'row_settled' | 'reservation_settled'

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
 * Marks a row delivered and keeps its generation's charge, in one transaction: the row moves from
 * `queued` to `done`, the reservation from reserved to succeeded, and the job's counters go up. Only
 * a row still `queued` moves, so when two runs of the same row both reach this point (the queue runs
 * a task at least once: a worker thought dead may still be running), one delivers and the other finds
 * nothing to move and returns false; its caller refunds its reservation. A reservation the sweeper
 * refunded meanwhile cannot be committed either: the row stays queued for another run.
 */
export async function deliverRow(db: Db, delivery: Delivery): Promise<DeliveryOutcome> {
  return db
    .$transaction(async (tx): Promise<DeliveryOutcome> => {
      const moved = await tx.bulkRow.updateMany({
        where: { id: delivery.rowId, status: 'queued' },
        data: { status: 'done', output: delivery.output, generationId: delivery.generationId, error: null },
      })
      if (moved.count === 0) return 'row_settled'
      const committed = await commitReservation(tx, delivery.generationId, {
        output: delivery.output,
        latencyMs: delivery.latencyMs,
        ...(delivery.model ? { model: delivery.model } : {}),
      })
      if (!committed) throw new NotCommitted()
      await tx.bulkJob.update({
        where: { id: delivery.jobId },
        data: { done: { increment: 1 }, creditsUsed: { increment: delivery.cost } },
      })
      return 'delivered'
    })
    .catch((error: unknown) => {
      if (error instanceof NotCommitted) return 'reservation_settled'
      throw error
    })
}

/** Rolls the delivery back: its reservation was settled by someone else. */
class NotCommitted extends Error {}

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
  await db.$executeRaw`
    UPDATE bulk_jobs
       SET status = CASE WHEN status = 'running' THEN 'completed'::"BulkJobStatus" ELSE status END,
           finished_at = now() AT TIME ZONE 'UTC', updated_at = now() AT TIME ZONE 'UTC'
     WHERE id = ${jobId}::uuid AND finished_at IS NULL AND status IN ('running', 'cancelled')
       AND NOT EXISTS (SELECT 1 FROM bulk_rows WHERE job_id = ${jobId}::uuid AND status IN ('pending', 'queued'))`
}
