import { notFound } from '@promptly/core/errors/app-error'
import type { Db } from '@promptly/db/client'
import type { Prisma } from '@promptly/db/generated/prisma/client'
import type { BulkJobStatus } from '@promptly/db/generated/prisma/enums'

/** A bulk job as its owner sees it: where it stands, and how far it got. */
export interface BulkJobView {
  id: string
  /** Null once the tool is deleted (the job keeps its name). */
  toolId: string | null
  toolName: string
  status: BulkJobStatus
  total: number
  done: number
  failed: number
  invalid: number
  cancelled: number
  /** Rows still to run (pending or queued). */
  remaining: number
  creditsUsed: number
  costPerRow: number
  columns: string[]
  createdAt: Date
  finishedAt: Date | null
  /** Seconds until the last row is done at the pace so far; null before the first delivery or once nothing runs. */
  etaSeconds: number | null
}

const JOB_SELECT = {
  id: true,
  toolId: true,
  toolName: true,
  status: true,
  total: true,
  done: true,
  failed: true,
  invalid: true,
  creditsUsed: true,
  costPerRow: true,
  columns: true,
  createdAt: true,
  finishedAt: true,
} as const satisfies Prisma.BulkJobSelect

/** The owner's job, or NOT_FOUND (another user's job is not found either: its id says nothing). */
export async function ownJob(db: Db, userId: string, jobId: string): Promise<BulkJobView> {
  const job = await db.bulkJob.findFirst({ where: { id: jobId, userId }, select: JOB_SELECT })
  if (!job) throw notFound('Bulk job not found')
  const cancelled = await db.bulkRow.count({ where: { jobId, status: 'cancelled' } })
  return jobView(job, cancelled, new Date())
}

/** The owner's jobs, newest first. */
export async function ownJobs(db: Db, userId: string, limit: number): Promise<BulkJobView[]> {
  const jobs = await db.bulkJob.findMany({
    where: { userId },
    orderBy: { createdAt: 'desc' },
    take: limit,
    select: JOB_SELECT,
  })
  const cancelled = await db.bulkRow.groupBy({
    by: ['jobId'],
    where: { jobId: { in: jobs.map((job) => job.id) }, status: 'cancelled' },
    _count: { _all: true },
  })
  const cancelledOf = new Map(cancelled.map((row) => [row.jobId, row._count._all]))
  const now = new Date()
  return jobs.map((job) => jobView(job, cancelledOf.get(job.id) ?? 0, now))
}

type JobRow = Prisma.BulkJobGetPayload<{ select: typeof JOB_SELECT }>

function jobView(job: JobRow, cancelled: number, now: Date): BulkJobView {
  const remaining = Math.max(0, job.total - job.done - job.failed - job.invalid - cancelled)
  return {
    id: job.id,
    toolId: job.toolId,
    toolName: job.toolName,
    status: job.status,
    total: job.total,
    done: job.done,
    failed: job.failed,
    invalid: job.invalid,
    cancelled,
    remaining,
    creditsUsed: job.creditsUsed,
    costPerRow: job.costPerRow,
    columns: Array.isArray(job.columns) ? job.columns.map(String) : [],
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
    etaSeconds: etaSeconds(job, remaining, now),
  }
}

/** Remaining rows at the pace of the rows settled so far, since the job was made. */
function etaSeconds(job: JobRow, remaining: number, now: Date): number | null {
  const settled = job.done + job.failed
  if (job.status !== 'running' || settled === 0 || remaining === 0) return null
  const elapsedS = Math.max(0, (now.getTime() - job.createdAt.getTime()) / 1000)
  return Math.ceil((elapsedS / settled) * remaining)
}
