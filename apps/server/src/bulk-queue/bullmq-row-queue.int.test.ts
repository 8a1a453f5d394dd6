import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'

import { RowRetry, type RowQueue, type RowQueueSettings } from '@promptly/api/bulk/row-queue'

import { createBullmqRowQueue } from './bullmq-row-queue.ts'
import { describeRowQueueContract } from './row-queue-contract.ts'
import { obliterateTestQueues, redisDatabase7, TEST_QUEUE_PREFIX } from './testing/bullmq-test-queues.ts'
import { eventually, RowRunLog } from './testing/row-run-log.ts'

/** The tests' Redis, in database 7. */
const redisUrl = process.env.TEST_REDIS_URL ? redisDatabase7(process.env.TEST_REDIS_URL) : undefined
const settings: RowQueueSettings = { concurrency: 1, ratePerMinute: 10_000, maxAttempts: 2, backoffMs: 10 }
const task = (rowId: string) => ({ jobId: 'job-1', rowId, ownerId: 'owner-1' })

describe('the BullMQ row queue without Redis', () => {
  it('closes at once when Redis cannot be reached', async () => {
    // Nothing listens on port 1.
    const queue = createBullmqRowQueue({ redisUrl: 'redis://127.0.0.1:1', settings, onError: () => {} })
    await queue.start(async () => {})
    await queue.close()
  })

  it('closes when Redis has been out of reach for a while (an app shutting down in an outage)', async () => {
    let failed!: () => void
    const outage = new Promise<void>((resolve) => (failed = resolve))
    const queue = createBullmqRowQueue({ redisUrl: 'redis://127.0.0.1:1', settings, onError: () => failed() })
    await queue.start(async () => {})
    // The workers have tried and failed to connect: BullMQ's own close would now wait for ever.
    await outage
    await queue.close()
  })
})

describe.runIf(redisUrl)('the BullMQ row queue', () => {
  const url = redisUrl ?? ''
  const queueNames: string[] = []
  const opened: RowQueue[] = []
  /** A queue on this test's queue in Redis (`queueName`) or a new one: several make several instances. */
  const makeQueue = (
    queueSettings: RowQueueSettings,
    { queueName = `rows-${randomUUID()}`, onError }: { queueName?: string; onError?: (error: unknown) => void } = {},
  ) => {
    queueNames.push(queueName)
    const queue = createBullmqRowQueue({
      redisUrl: url,
      settings: queueSettings,
      queueName,
      prefix: TEST_QUEUE_PREFIX,
      onError,
    })
    opened.push(queue)
    return { queue, queueName }
  }
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((queue) => queue.close()))
    await obliterateTestQueues(url, [...new Set(queueNames.splice(0))])
  })

  describeRowQueueContract('BullMQ', async (contractSettings) => makeQueue(contractSettings).queue)

  it("reports a fault and the final run's error, not a RowRetry that will be retried", async () => {
    const reported: unknown[] = []
    const { queue } = makeQueue(settings, { onError: (error) => reported.push(error) })
    const log = new RowRunLog()
    await queue.start(
      log.runner((run) => {
        if (run.rowId === 'a') throw new RowRetry(run.final ? 'still busy' : 'busy')
        if (run.rowId === 'b' && !run.final) throw new Error('database gone')
      }),
    )
    await queue.add([task('a'), task('b')])
    await log.until('two runs each', () => log.endedRunsOf('a').length === 2 && log.endedRunsOf('b').length === 2)
    await queue.close()
    const messages = reported.map((error) => (error instanceof Error ? error.message : String(error)))
    expect(messages.sort()).toEqual(['database gone', 'still busy'])
  })

  it('keeps added rows in Redis for a worker started later, by another instance', async () => {
    const { queue: adding, queueName } = makeQueue(settings)
    await adding.add([task('a'), task('b')])
    await adding.close()
    const { queue: working } = makeQueue(settings, { queueName })
    const log = new RowRunLog()
    await working.start(log.runner())
    await log.until('both rows to run', () => log.runs.length === 2)
    expect(log.runs.map((run) => run.rowId)).toEqual(['a', 'b'])
  })

  it('shares one rate limit between the workers of every instance', async () => {
    const windowMs = 600
    const limited = { ...settings, concurrency: 5, ratePerMinute: 3, rateWindowMs: windowMs }
    const { queue: first, queueName } = makeQueue(limited)
    const { queue: second } = makeQueue(limited, { queueName })
    const log = new RowRunLog()
    await Promise.all([first.start(log.runner()), second.start(log.runner())])
    await first.add(['a', 'b', 'c', 'd', 'e', 'f'].map(task))
    await log.until('6 runs', () => log.runs.length === 6)
    await eventually('nothing pending', async () => (await first.pending()) === 0)
    const starts = log.runs.map((run) => run.startedAt).sort((x, y) => x - y)
    // Counted in Redis: the fourth start, on either worker, waits for the window the first three opened.
    // The window opens when Redis hands the first row over, and its run starts here a little later (tens
    // of milliseconds on a loaded machine: once 567 ms against 600): so three quarters of it, where a
    // limit of each worker's own would let the fourth start at once.
    const threeStartsEarlier = starts.slice(3).map((start, index) => start - (starts[index] ?? Infinity))
    expect(Math.min(...threeStartsEarlier)).toBeGreaterThanOrEqual(windowMs * 0.75)
  })
})
