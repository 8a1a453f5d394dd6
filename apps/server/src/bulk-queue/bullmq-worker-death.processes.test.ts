import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

import type { RowQueue } from '@promptly/api/bulk/row-queue'

import { createBullmqRowQueue } from './bullmq-row-queue.ts'
import { obliterateTestQueues, redisDatabase7, TEST_QUEUE_PREFIX } from './testing/bullmq-test-queues.ts'
import type { WorkerProcessOptions } from './testing/bullmq-worker-process.ts'
import { RowRunLog } from './testing/row-run-log.ts'

/** The tests' Redis, in database 7. */
const redisUrl = process.env.TEST_REDIS_URL ? redisDatabase7(process.env.TEST_REDIS_URL) : undefined
const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url))
const WORKER_PROCESS = fileURLToPath(new URL('./testing/bullmq-worker-process.ts', import.meta.url))
/** Short, so the test is: a dead worker's row is free once its lock lapses and a stalled check runs. */
const LOCK_MS = 2_000
const STALLED_CHECK_MS = 1_000
/** Starting Node with tsx on a loaded two-core machine, not an expectation. */
const PROCESS_START_MS = 30_000

const beganRow = z.object({ began: z.string(), attempt: z.number(), final: z.boolean() })

/** The first line `child` prints; fails with what it printed to stderr if it exits or stays silent first. */
async function firstLine(child: ChildProcess, timeoutMs: number): Promise<string> {
  if (!child.stdout || !child.stderr) throw new Error('The child process needs piped stdout and stderr')
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const lines = createInterface({ input: child.stdout })
  const timeout = AbortSignal.timeout(timeoutMs)
  try {
    const line = await Promise.race([
      once(lines, 'line', { signal: timeout }).then(([text]: unknown[]) => String(text)),
      once(child, 'exit', { signal: timeout }).then(([code]: unknown[]) => {
        throw new Error(`The worker process exited (${String(code)}) before beginning a row:\n${stderr}`)
      }),
    ])
    return line
  } catch (error) {
    if (timeout.aborted) throw new Error(`The worker process began no row within ${timeoutMs} ms:\n${stderr}`)
    throw error
  } finally {
    lines.close()
  }
}

describe.runIf(redisUrl)('a BullMQ worker killed in the middle of a row', () => {
  const url = redisUrl ?? ''
  const queueName = `rows-death-${randomUUID()}`
  const log = new RowRunLog()
  const lock = { lockDurationMs: LOCK_MS, stalledIntervalMs: STALLED_CHECK_MS }
  // Two attempts: a run on the survivor that counted the dead run as a failure would be final.
  const settings = { concurrency: 1, ratePerMinute: 10_000, maxAttempts: 2, backoffMs: 10 }
  let survivor: RowQueue | null = null
  let child: ChildProcess | null = null
  afterAll(async () => {
    child?.kill('SIGKILL')
    await survivor?.close()
    await obliterateTestQueues(url, [queueName])
  })

  it('has its row run by another worker after its lock lapses, the run counted and not final', async () => {
    survivor = createBullmqRowQueue({ redisUrl: url, queueName, prefix: TEST_QUEUE_PREFIX, settings, ...lock })
    await survivor.add([{ jobId: 'job-1', rowId: 'row-1', ownerId: 'owner-1' }])
    const options: WorkerProcessOptions = {
      redisUrl: url,
      queueName,
      prefix: TEST_QUEUE_PREFIX,
      maxAttempts: 2,
      ...lock,
    }
    child = spawn(process.execPath, ['--import', 'tsx', WORKER_PROCESS, JSON.stringify(options)], {
      cwd: SERVER_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const began = beganRow.parse(JSON.parse(await firstLine(child, PROCESS_START_MS)))
    expect(began).toEqual({ began: 'row-1', attempt: 1, final: false })

    const exited = once(child, 'exit')
    child.kill('SIGKILL')
    await exited
    const killedAt = performance.now()
    // Started only now, so the row cannot have gone to it but through the stalled check.
    await survivor.start(log.runner())
    const deadline = LOCK_MS + STALLED_CHECK_MS
    await log.until('the row to run on the surviving worker', () => log.runs.length === 1, deadline + 5_000)

    expect(log.runs).toEqual([expect.objectContaining({ rowId: 'row-1', attempt: 2, final: false })])
    const [run] = log.runs
    // The lock lapses at most LOCK_MS after the kill, and a stalled check follows within STALLED_CHECK_MS.
    expect((run?.startedAt ?? Infinity) - killedAt).toBeLessThan(deadline + 500)
  })
})
