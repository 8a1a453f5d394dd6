import { Queue, Worker, type Job } from 'bullmq'
import { Redis } from 'ioredis'
import { z } from 'zod'

import {
  RowRetry,
  type RowQueue,
  type RowQueueSettings,
  type RowRunner,
  type RowTask,
} from '@promptly/api/bulk/row-queue'

import { rateWindowMs, retryDelayMs } from './row-queue-timing.ts'

export interface BullmqRowQueueOptions {
  /** The shared Redis; the database index in its path is used (`redis://host:6379/2`). */
  redisUrl: string
  settings: RowQueueSettings
  queueName?: string
  /** Namespaces the queue's Redis keys. */
  prefix?: string
  /** Hears what a final run threw, any throw that is not a RowRetry, and Redis trouble (once per kind). */
  onError?: (error: unknown) => void
  /**
   * How long a worker's hold on a running row lasts unless renewed (it renews at half of it). A
   * worker that died has its rows taken again once this has passed and a stalled check runs.
   */
  lockDurationMs?: number
  /** How often each worker looks for rows whose holder died. */
  stalledIntervalMs?: number
}

/** The queue's name and the prefix of its Redis keys, unless a caller names others. */
export const ROW_QUEUE_NAME = 'bulk-rows'
export const ROW_QUEUE_PREFIX = 'promptly'

const rowTask = z.object({ jobId: z.string(), rowId: z.string(), ownerId: z.string() }) satisfies z.ZodType<RowTask>

/** The backoff name BullMQ hands to the worker's `backoffStrategy`. */
const ROW_BACKOFF = 'row-retry'

/**
 * Times a row may be taken back from a dead worker before BullMQ fails it: never, in effect. BullMQ
 * would fail it without running it, so the runner could not record the failure and the row would stay
 * `queued`; a worker's death says nothing about the row.
 */
const UNLIMITED_STALLS = 1_000_000

/**
 * The scale-out engine: one BullMQ queue in Redis that every instance's worker takes rows from.
 * - The job id is the row id: BullMQ adds no job whose id is waiting, delayed or active, and a job
 *   is removed when it ends, so a finished row can be queued again. (BullMQ refuses ids that are
 *   integers or hold a `:`; row ids are UUIDs.)
 * - The limiter counts starts in Redis, so `ratePerMinute` holds across all instances (in fixed
 *   windows: a window opens at its first start).
 * - A throw is retried, after the delay of row-queue-timing.ts, until `maxAttempts` runs have failed;
 *   a rate-limited RowRetry sets the queue's limit for everyone and puts its row back first in line
 *   without using up an attempt (BullMQ's RateLimitError).
 * - A worker that dies (SIGKILL, lost host) stops renewing its locks; another worker's stalled check
 *   puts its rows back, and they run again (at-least-once: the row runner settles each row once).
 * - `attempt` counts every start (BullMQ's attemptsStarted): a retry, a rate-limited return, a run
 *   after a dead worker. `final` says a throw now would not be retried (from attemptsMade).
 */
export function createBullmqRowQueue(options: BullmqRowQueueOptions): RowQueue {
  const { settings, queueName = ROW_QUEUE_NAME, prefix = ROW_QUEUE_PREFIX } = options
  const errors = errorReporting(options.onError)
  // Adding fails fast while Redis is away (the bulk sweeper adds stranded rows again); a worker's
  // commands wait for it instead, as BullMQ requires (`maxRetriesPerRequest: null`).
  const producer = new Redis(options.redisUrl, { maxRetriesPerRequest: 1 })
  producer.on('error', errors.reportRedis)
  producer.on('ready', errors.redisRecovered)
  const queue = new Queue(queueName, {
    connection: producer,
    prefix,
    defaultJobOptions: {
      attempts: settings.maxAttempts,
      backoff: { type: ROW_BACKOFF },
      removeOnComplete: true,
      removeOnFail: true,
    },
  })
  queue.on('error', errors.reportRedis)

  let worker: Worker | null = null
  let workerConnection: Redis | null = null
  let closing: Promise<void> | null = null
  return {
    engine: 'bullmq',
    async add(tasks) {
      if (tasks.length === 0) return
      await queue.addBulk(
        tasks.map(({ jobId, rowId, ownerId }) => ({
          name: 'row',
          data: { jobId, rowId, ownerId },
          opts: { jobId: rowId },
        })),
      )
    },
    async start(run) {
      if (worker) throw new Error('This row queue has been started already')
      workerConnection = new Redis(options.redisUrl, { maxRetriesPerRequest: null })
      workerConnection.on('error', errors.reportRedis)
      worker = new Worker(queueName, rowProcessor(run, settings, queue, errors.report), {
        connection: workerConnection,
        prefix,
        concurrency: settings.concurrency,
        limiter: { max: settings.ratePerMinute, duration: rateWindowMs(settings) },
        lockDuration: options.lockDurationMs ?? 30_000,
        stalledInterval: options.stalledIntervalMs ?? 30_000,
        maxStalledCount: UNLIMITED_STALLS,
        settings: {
          backoffStrategy: (attemptsMade: number, _type?: string, error?: Error) =>
            retryDelayMs(settings, attemptsMade, error),
        },
      })
      worker.on('error', errors.reportRedis)
    },
    pending: () => queue.count(),
    close() {
      closing ??= (async () => {
        try {
          // Without Redis there is nothing running to wait for, and BullMQ's close would wait for a
          // connection that never comes: the connections go first, then the worker, forced.
          const reachable = workerConnection?.status === 'ready'
          if (!reachable) {
            workerConnection?.disconnect()
            producer.disconnect()
          }
          // Waits for the rows running here; BullMQ takes no new one meanwhile.
          await worker?.close(!reachable)
        } finally {
          await queue.close().catch(errors.report)
          producer.disconnect()
          workerConnection?.disconnect()
        }
      })()
      return closing
    },
  }
}

/**
 * Runs one BullMQ job as a row: `final` when BullMQ retries no throw, a rate-limited RowRetry turned
 * into the queue's limit (for every worker) and BullMQ's RateLimitError (back to the head of the line,
 * no attempt used), anything else thrown on for BullMQ to retry after the row backoff.
 */
function rowProcessor(run: RowRunner, settings: RowQueueSettings, queue: Queue, report: (error: unknown) => void) {
  return async (job: Job): Promise<void> => {
    const task = rowTask.parse(job.data)
    const final = job.attemptsMade + 1 >= settings.maxAttempts
    try {
      await run(task, { attempt: Math.max(1, job.attemptsStarted), final })
    } catch (error) {
      if (final || !(error instanceof RowRetry)) report(error)
      if (error instanceof RowRetry && error.rateLimited) {
        await queue.rateLimit(retryDelayMs(settings, job.attemptsMade + 1, error))
        if (!final) throw Worker.RateLimitError()
      }
      throw error instanceof Error ? error : new Error(String(error))
    }
  }
}

/** `onError`, kept from failing the queue; Redis errors, which repeat at every reconnection, once per outage. */
function errorReporting(onError: ((error: unknown) => void) | undefined) {
  let lastRedisError: string | null = null
  const report = (error: unknown) => {
    try {
      onError?.(error)
    } catch {
      // A failing reporter must not fail the row's bookkeeping.
    }
  }
  return {
    report,
    reportRedis(error: Error) {
      if (error.message === lastRedisError) return
      lastRedisError = error.message
      report(error)
    },
    redisRecovered() {
      lastRedisError = null
    },
  }
}
