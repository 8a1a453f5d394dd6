import { describe, expect, it } from 'vitest'

import { RowRetry } from '@promptly/api/bulk/row-queue'

import { createInProcessRowQueue } from './in-process-row-queue.ts'
import { describeRowQueueContract } from './row-queue-contract.ts'
import { RowRunLog } from './testing/row-run-log.ts'

describeRowQueueContract('in-process', async (settings) => createInProcessRowQueue(settings))

describe('the in-process row queue', () => {
  const settings = { concurrency: 1, ratePerMinute: 10_000, maxAttempts: 2, backoffMs: 10 }

  it("reports a fault and the final run's error, not a RowRetry that will be retried", async () => {
    const reported: unknown[] = []
    const queue = createInProcessRowQueue(settings, { onError: (error) => reported.push(error) })
    const log = new RowRunLog()
    const fault = new Error('database gone')
    const lastRetry = new RowRetry('still busy')
    await queue.start(
      log.runner((run) => {
        if (run.rowId === 'a') throw run.final ? lastRetry : new RowRetry('busy')
        if (run.rowId === 'b' && !run.final) throw fault
      }),
    )
    await queue.add([
      { jobId: 'job-1', rowId: 'a', ownerId: 'owner-1' },
      { jobId: 'job-1', rowId: 'b', ownerId: 'owner-1' },
    ])
    await log.until('two runs each', () => log.endedRunsOf('a').length === 2 && log.endedRunsOf('b').length === 2)
    await queue.close()
    expect(new Set(reported)).toEqual(new Set([fault, lastRetry]))
  })

  it('keeps a task that waits for its retry queued when closed, with no timer left behind', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length
    const timersBefore = timers()
    const queue = createInProcessRowQueue({ ...settings, backoffMs: 60_000 })
    const log = new RowRunLog()
    await queue.start(
      log.runner(() => {
        throw new RowRetry('later')
      }),
    )
    await queue.add([{ jobId: 'job-1', rowId: 'a', ownerId: 'owner-1' }])
    await log.until('a to fail once', () => log.endedRunsOf('a').length === 1)
    await queue.close()
    expect(await queue.pending()).toBe(1)
    expect(timers()).toBe(timersBefore)
  })
})
