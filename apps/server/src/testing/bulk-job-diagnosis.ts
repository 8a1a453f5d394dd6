import { Queue } from 'bullmq'

import { ROW_QUEUE_NAME, ROW_QUEUE_PREFIX } from '../bulk-queue/bullmq-row-queue.ts'
import type { TwoInstanceCluster } from './two-instance-cluster.ts'

/**
 * What a cluster holds of a bulk job that stopped moving, for a failing test's message: the rows still
 * to run (with where the shared BullMQ queue has each), the queue's counts, and what every instance's
 * database session is doing. Enough to tell a row the queue lost from one a wedged worker holds, or a
 * sweep waiting on a lock.
 */
export async function describeStuckJob(cluster: TwoInstanceCluster, jobId: string): Promise<string> {
  const prisma = cluster.db.prisma
  const left = await prisma.bulkRow.findMany({
    where: { jobId, status: { in: ['pending', 'queued'] } },
    select: { id: true, position: true, status: true, attempts: true, updatedAt: true },
    orderBy: { position: 'asc' },
  })
  const queue = new Queue(ROW_QUEUE_NAME, { connection: { url: cluster.redisUrl }, prefix: ROW_QUEUE_PREFIX })
  try {
    const rows = await Promise.all(left.map(async (row) => ({ ...row, inQueue: await queue.getJobState(row.id) })))
    const counts = await queue.getJobCounts()
    const sessions = await cluster.db.raw.query<Record<string, unknown>>(
      `SELECT application_name AS name, state, wait_event_type, wait_event,
              round(extract(epoch FROM now() - xact_start)::numeric, 1) AS xact_s, left(query, 160) AS query
         FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle'`,
    )
    const queued = JSON.stringify(counts)
    return `rows left ${JSON.stringify(rows)}; queue ${queued}; busy sessions ${JSON.stringify(sessions)}`
  } finally {
    await queue.close()
  }
}
