import { Queue } from 'bullmq'
import { Redis } from 'ioredis'

/** The key prefix of every queue the tests make, apart from the server's (`promptly`). */
export const TEST_QUEUE_PREFIX = 'promptly-test'

/** The tests' queues live in Redis database 7, apart from what other suites keep in the default one. */
export function redisDatabase7(redisUrl: string): string {
  const url = new URL(redisUrl)
  url.pathname = '/7'
  return url.toString()
}

/** Removes the named test queues and every key they left (obliterate leaves the limiter's count to expire). */
export async function obliterateTestQueues(redisUrl: string, queueNames: readonly string[]): Promise<void> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: 1 })
  try {
    for (const name of queueNames) {
      const queue = new Queue(name, { connection, prefix: TEST_QUEUE_PREFIX })
      await queue.obliterate({ force: true })
      await queue.close()
      const left = await connection.keys(`${TEST_QUEUE_PREFIX}:${name}:*`)
      if (left.length > 0) await connection.del(...left)
    }
  } finally {
    connection.disconnect()
  }
}
