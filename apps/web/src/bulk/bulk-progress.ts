import type { BulkJobViewOutput } from '@promptly/api/bulk/get.schema'

type JobStatus = BulkJobViewOutput['status']
type JobCounts = Pick<BulkJobViewOutput, 'status' | 'total' | 'done' | 'failed' | 'invalid' | 'cancelled'>

/** How often a job page reads its job while rows still run. */
export const RUNNING_POLL_MS = 1_000
/** ...and while it waits for credits: nothing moves until a top-up, which is rarer than a row. */
export const WAITING_POLL_MS = 5_000

export interface JobProgress {
  /** Rows settled (done or failed). */
  settled: number
  /** Rows that can run: neither invalid nor cancelled. */
  runnable: number
  /** Whole per cent, 0 to 100. */
  percent: number
}

/**
 * Progress over the rows that can run: invalid rows never run and cancelled ones never will, so
 * counting them would leave a finished job short of 100%. A job with nothing left to run is full.
 */
export function jobProgress(job: JobCounts): JobProgress {
  const settled = job.done + job.failed
  const runnable = Math.max(0, job.total - job.invalid - job.cancelled)
  const percent = runnable === 0 ? 100 : Math.min(100, Math.floor((settled / runnable) * 100))
  return { settled, runnable, percent }
}

/** A job that will change no more on its own. */
export function isSettledStatus(status: JobStatus): boolean {
  return status === 'completed' || status === 'cancelled'
}

/**
 * How often to read the job again: while it runs, often; while it waits or is paused, now and then
 * (rows that were running when it was paused still finish, and are charged). A cancelled job is read
 * as often as a running one while rows it had queued still settle (each finishes, or is dropped by
 * the worker that takes it): its counts change until none is left. Then, or once completed, never.
 */
export function jobPollInterval(job: Pick<BulkJobViewOutput, 'status' | 'remaining'> | undefined): number | false {
  if (job?.status === 'running') return RUNNING_POLL_MS
  if (job?.status === 'waiting_for_credits' || job?.status === 'paused') return WAITING_POLL_MS
  if (job?.status === 'cancelled' && job.remaining > 0) return RUNNING_POLL_MS
  return false
}

export interface JobActions {
  pause: boolean
  resume: boolean
  cancel: boolean
  retryFailed: boolean
  runAgain: boolean
}

/** The controls a job's status allows, by the same rules the server applies (job-control.ts). */
export function jobActions(job: Pick<BulkJobViewOutput, 'status' | 'failed' | 'toolId'>): JobActions {
  const { status } = job
  return {
    pause: status === 'running' || status === 'waiting_for_credits',
    resume: status === 'paused' || status === 'waiting_for_credits',
    cancel: status === 'running' || status === 'paused' || status === 'waiting_for_credits',
    retryFailed: status !== 'cancelled' && job.failed > 0,
    runAgain: isSettledStatus(status) && job.toolId !== null,
  }
}

/** Where the job's results download, in the given format (the REST adapter, on the browser's session). */
export function resultsUrl(jobId: string, format: 'csv' | 'jsonl'): string {
  return `/api/v1/bulk/${encodeURIComponent(jobId)}/results?format=${format}`
}

export interface EtaParts {
  value: number
  unit: 'second' | 'minute' | 'hour'
}

/** Seconds left as one rounded amount in the largest fitting unit ("about 3 minutes"); null when unknown. */
export function etaParts(seconds: number | null): EtaParts | null {
  if (seconds === null) return null
  if (seconds < 60) return { value: Math.max(1, Math.round(seconds)), unit: 'second' }
  if (seconds < 3_600) return { value: Math.round(seconds / 60), unit: 'minute' }
  return { value: Math.round(seconds / 3_600), unit: 'hour' }
}
