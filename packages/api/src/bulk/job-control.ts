import { AppError, notFound } from '@promptly/core/errors/app-error'
import type { BulkJobStatus } from '@promptly/db/generated/prisma/enums'

import type { AuthedContext } from '../context.ts'
import { bulkRuntime } from './bulk-runtime.ts'
import { createBulkJob, type CreatedBulkJob } from './create-job.ts'
import { feedOwner } from './feed-rows.ts'
import { ownJob, type BulkJobView } from './job-view.ts'
import { finishIfSettled } from './row-settlement.ts'

/** The states a job may be paused, resumed or cancelled from. */
const PAUSABLE: BulkJobStatus[] = ['running', 'waiting_for_credits']
const RESUMABLE: BulkJobStatus[] = ['paused', 'waiting_for_credits']
const CANCELLABLE: BulkJobStatus[] = ['running', 'paused', 'waiting_for_credits']

function conflict(job: BulkJobView, action: string): AppError {
  return new AppError('CONFLICT', `This job is ${job.status.replaceAll('_', ' ')} and cannot be ${action}`)
}

/**
 * Stops handing the job's rows out. Rows already running finish (delivered or refunded); rows still in
 * the queue go back to pending when a worker reaches them, and run on resume.
 */
export async function pauseJob(ctx: AuthedContext, jobId: string): Promise<BulkJobView> {
  const job = await ownJob(ctx.db, ctx.user.id, jobId)
  const moved = await ctx.db.bulkJob.updateMany({
    where: { id: jobId, status: { in: PAUSABLE } },
    data: { status: 'paused' },
  })
  if (moved.count === 0) throw conflict(job, 'paused')
  return ownJob(ctx.db, ctx.user.id, jobId)
}

/** Runs a paused job again, or one waiting for credits (which waits again at once if the balance is still short). */
export async function resumeJob(ctx: AuthedContext, jobId: string): Promise<BulkJobView> {
  const bulk = bulkRuntime(ctx)
  const job = await ownJob(ctx.db, ctx.user.id, jobId)
  const moved = await ctx.db.bulkJob.updateMany({
    where: { id: jobId, status: { in: RESUMABLE } },
    data: { status: 'running' },
  })
  if (moved.count === 0) throw conflict(job, 'resumed')
  await feedOwner(ctx.db, bulk.queue, ctx.user.id, bulk.ownerInFlight)
  return ownJob(ctx.db, ctx.user.id, jobId)
}

/**
 * Stops the job for good: no new row starts, rows still to run are cancelled, rows running finish or
 * refund. Credits already spent on delivered rows stay spent; nothing else is charged.
 */
export async function cancelJob(ctx: AuthedContext, jobId: string): Promise<BulkJobView> {
  const job = await ownJob(ctx.db, ctx.user.id, jobId)
  const cancelled = await ctx.db.$transaction(async (tx) => {
    const moved = await tx.bulkJob.updateMany({
      where: { id: jobId, status: { in: CANCELLABLE } },
      data: { status: 'cancelled' },
    })
    if (moved.count === 0) return false
    await tx.bulkRow.updateMany({ where: { jobId, status: 'pending' }, data: { status: 'cancelled' } })
    return true
  })
  if (!cancelled) throw conflict(job, 'cancelled')
  await finishIfSettled(ctx.db, jobId)
  return ownJob(ctx.db, ctx.user.id, jobId)
}

/** Queues the job's failed rows again (each is charged only if it is delivered this time). */
export async function retryFailedRows(ctx: AuthedContext, jobId: string): Promise<BulkJobView> {
  const bulk = bulkRuntime(ctx)
  const job = await ownJob(ctx.db, ctx.user.id, jobId)
  if (job.status === 'cancelled') throw conflict(job, 'retried')
  if (job.failed === 0) throw new AppError('BAD_REQUEST', 'This job has no failed rows')
  await ctx.db.$transaction(async (tx) => {
    const reopened = await tx.bulkRow.updateMany({
      where: { jobId, status: 'failed' },
      data: { status: 'pending', error: null, attempts: 0 },
    })
    await tx.bulkJob.update({
      where: { id: jobId },
      data: {
        failed: { decrement: reopened.count },
        // A finished job runs again; a paused one stays paused until resumed.
        ...(job.status === 'completed' ? { status: 'running', finishedAt: null } : {}),
      },
    })
  })
  await feedOwner(ctx.db, bulk.queue, ctx.user.id, bulk.ownerInFlight)
  return ownJob(ctx.db, ctx.user.id, jobId)
}

/**
 * A new job with the same tool and rows as one of the owner's jobs ("Run again"). Rows that were
 * invalid are left out: their values were not kept, and checked again as empty they could pass as a
 * prompt of the form's defaults, which nobody asked for and which would be charged.
 */
export async function runJobAgain(ctx: AuthedContext, jobId: string): Promise<CreatedBulkJob> {
  const job = await ownJob(ctx.db, ctx.user.id, jobId)
  if (job.toolId === null) throw notFound('Tool not found')
  const rows = await ctx.db.bulkRow.findMany({
    where: { jobId, status: { not: 'invalid' } },
    orderBy: { position: 'asc' },
    select: { cells: true, values: true },
  })
  return createBulkJob(ctx, {
    toolId: job.toolId,
    columns: job.columns,
    rows: rows.map((row) => ({ cells: Array.isArray(row.cells) ? row.cells.map(String) : [], values: row.values })),
    sourceJobId: job.id,
  })
}
