import type { RowQueue, RowQueueSettings } from '@promptly/api/bulk/row-queue'

import { createInProcessRowQueue } from './in-process-row-queue.ts'

export interface RowQueueSelection {
  redisUrl: string | null
  settings: RowQueueSettings
  onError?: (error: unknown) => void
  /** BullMQ's lock on a running row (BULK_WORKER_LOCK_MS); stalled rows are looked for twice per lock. */
  workerLockMs?: number
}

/**
 * The one place that picks the bulk rows' engine: BullMQ when instances share a Redis, else this
 * process. BullMQ (and its Redis client) is imported only then: ~260 modules a server without Redis
 * would load at every start for nothing.
 */
export async function selectRowQueue({
  redisUrl,
  settings,
  onError,
  workerLockMs,
}: RowQueueSelection): Promise<RowQueue> {
  if (!redisUrl) return createInProcessRowQueue(settings, { onError })
  const { createBullmqRowQueue } = await import('./bullmq-row-queue.ts')
  const lock = workerLockMs === undefined ? {} : { lockDurationMs: workerLockMs, stalledIntervalMs: workerLockMs / 2 }
  return createBullmqRowQueue({ redisUrl, settings, onError, ...lock })
}
