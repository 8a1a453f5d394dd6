import { setTimeout as delay } from 'node:timers/promises'
import { afterEach, describe, expect, it } from 'vitest'

import { RowRetry, type RowQueue, type RowQueueSettings, type RowTask } from '@promptly/api/bulk/row-queue'

import { eventually, gapMs, RowRunLog } from './testing/row-run-log.ts'

/** Settings each test starts from: one at a time, no rate limit in the way, short retry delays. */
const BASE: RowQueueSettings = { concurrency: 1, ratePerMinute: 10_000, maxAttempts: 3, backoffMs: 20 }

/**
 * Timers and Redis round trips may run a little early against performance.now(), never a delay's
 * worth: a wait is asserted to at least 95% of what was asked.
 */
const atLeast = (ms: number) => ms * 0.95

/**
 * A rate window as the runner sees it: BullMQ opens the window when Redis hands the first row over,
 * a little before its run starts here (on a loaded machine, 50 ms of a 600 ms window), so the fourth
 * start is asserted to 75% of the window. A limiter that ignored the window would start all at once.
 */
const afterRateWindow = (ms: number) => ms * 0.75

const task = (rowId: string): RowTask => ({ jobId: 'job-1', rowId, ownerId: 'owner-1' })
const tasks = (...rowIds: string[]) => rowIds.map(task)

type SetUp = (settings?: Partial<RowQueueSettings>) => Promise<{ queue: RowQueue; log: RowRunLog }>

/**
 * The behaviour the bulk runs rely on, whichever engine runs the rows (row-queue.ts): each engine's
 * test file calls this with a way to make a fresh, empty queue. With one task at a time, a task added
 * last is a barrier: once it runs, everything added before it has been run and settled.
 */
export function describeRowQueueContract(
  name: string,
  makeQueue: (settings: RowQueueSettings) => Promise<RowQueue>,
): void {
  describe(`the ${name} row queue`, () => {
    const setUp = queuesClosedAfterEach(makeQueue)
    describe('tasks run in order, once, and are queued once', () => orderAndDuplicates(setUp))
    describe('the limits', () => limits(setUp))
    describe('retries', () => retries(setUp))
    describe('close()', () => closing(setUp))
  })
}

/** Makes a queue and a run log per call; after each test opens every gate and closes every queue. */
function queuesClosedAfterEach(makeQueue: (settings: RowQueueSettings) => Promise<RowQueue>): SetUp {
  const queues: RowQueue[] = []
  const logs: RowRunLog[] = []
  afterEach(async () => {
    for (const log of logs.splice(0)) log.openAllGates()
    await Promise.all(queues.splice(0).map((queue) => queue.close()))
  })
  return async (settings = {}) => {
    const queue = await makeQueue({ ...BASE, ...settings })
    const log = new RowRunLog()
    queues.push(queue)
    logs.push(log)
    return { queue, log }
  }
}

function orderAndDuplicates(setUp: SetUp): void {
  it('runs tasks in the order added, those added before start() included', async () => {
    const { queue, log } = await setUp()
    await queue.add(tasks('a', 'b', 'c'))
    await queue.start(log.runner())
    await queue.add(tasks('d', 'e'))
    await log.until('5 runs', () => log.runs.length === 5)
    expect(log.runs.map((run) => run.rowId)).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(log.runs.map(({ attempt, final }) => ({ attempt, final }))).toEqual(
      Array(5).fill({ attempt: 1, final: false }),
    )
  })

  it('runs every task once, several at a time', async () => {
    const { queue, log } = await setUp({ concurrency: 3 })
    const rowIds = Array.from({ length: 20 }, (_, index) => `row-${index}`)
    await queue.start(log.runner())
    await queue.add(tasks(...rowIds))
    await log.until('20 ended runs', () => log.runs.filter((run) => run.endedAt !== null).length === 20)
    await eventually('nothing pending', async () => (await queue.pending()) === 0)
    await queue.close()
    expect(log.runs.map((run) => run.rowId).sort()).toEqual([...rowIds].sort())
  })

  it('does not queue a task twice while it waits', async () => {
    const { queue, log } = await setUp()
    await queue.start(log.runner((run) => (run.rowId === 'blocker' ? log.gate('blocker') : undefined)))
    await queue.add(tasks('blocker'))
    await log.until('the blocker to run', () => log.running === 1)
    await queue.add(tasks('a', 'a'))
    await queue.add(tasks('a'))
    expect(await queue.pending()).toBe(1)
    log.open('blocker')
    await queue.add(tasks('barrier'))
    await log.until('the barrier to run', () => log.runsOf('barrier').length === 1)
    expect(log.runs.map((run) => run.rowId)).toEqual(['blocker', 'a', 'barrier'])
  })

  it('does not queue a task again while it runs', async () => {
    const { queue, log } = await setUp()
    await queue.start(log.runner((run) => (run.rowId === 'a' ? log.gate('a') : undefined)))
    await queue.add(tasks('a'))
    await log.until('a to run', () => log.running === 1)
    await queue.add(tasks('a'))
    expect(await queue.pending()).toBe(0)
    log.open('a')
    await queue.add(tasks('barrier'))
    await log.until('the barrier to run', () => log.runsOf('barrier').length === 1)
    expect(log.runs.map((run) => run.rowId)).toEqual(['a', 'barrier'])
  })

  it('queues a finished task again, as a new task', async () => {
    const { queue, log } = await setUp()
    await queue.start(log.runner())
    await queue.add(tasks('a', 'barrier'))
    await log.until('the barrier to run', () => log.runsOf('barrier').length === 1)
    await queue.add(tasks('a'))
    await log.until('a second run of a', () => log.runsOf('a').length === 2)
    expect(log.runsOf('a').map(({ attempt, final }) => ({ attempt, final }))).toEqual([
      { attempt: 1, final: false },
      { attempt: 1, final: false },
    ])
  })
}

function limits(setUp: SetUp): void {
  it('never runs more than `concurrency` tasks at once', async () => {
    const { queue, log } = await setUp({ concurrency: 2 })
    const rowIds = ['a', 'b', 'c', 'd', 'e', 'f']
    await queue.start(log.runner((run) => log.gate(run.rowId)))
    await queue.add(tasks(...rowIds))
    await log.until('two tasks to run', () => log.running === 2)
    expect(await queue.pending()).toBe(4)
    // Each task held open until released in turn: a third start would show in maxRunning.
    for (let released = 1; released <= rowIds.length; released++) {
      const [first] = log.runs.filter((run) => run.endedAt === null)
      if (!first) throw new Error(`No running task to release after ${released - 1} releases`)
      log.open(first.rowId)
      const expected = Math.min(2, rowIds.length - released)
      await log.until(`${released} ended and ${expected} running`, () => {
        const ended = log.runs.filter((run) => run.endedAt !== null).length
        return ended === released && log.running === expected
      })
    }
    expect(log.maxRunning).toBe(2)
    expect(log.runs.map((run) => run.rowId)).toEqual(rowIds)
  })

  it('starts at most `ratePerMinute` tasks in any window of `rateWindowMs`', async () => {
    const windowMs = 600
    const { queue, log } = await setUp({ concurrency: 10, ratePerMinute: 3, rateWindowMs: windowMs })
    await queue.start(log.runner())
    await queue.add(tasks('a', 'b', 'c', 'd', 'e', 'f', 'g'))
    await log.until('7 runs', () => log.runs.length === 7)
    const starts = log.runs.map((run) => run.startedAt).sort((x, y) => x - y)
    // The first three go at once; any fourth start is a window after the one three before it.
    const [firstStart = 0, , thirdStart = Infinity] = starts
    expect(thirdStart - firstStart).toBeLessThan(windowMs)
    const threeStartsEarlier = starts.slice(3).map((start, index) => start - (starts[index] ?? Infinity))
    expect(Math.min(...threeStartsEarlier)).toBeGreaterThanOrEqual(afterRateWindow(windowMs))
  })
}

function retries(setUp: SetUp): void {
  it('retries a throwing task after a doubling backoff, telling the last run it is final', async () => {
    const backoffMs = 60
    const { queue, log } = await setUp({ maxAttempts: 3, backoffMs })
    await queue.start(
      log.runner((run) => {
        if (run.rowId === 'a') throw new Error('provider down')
      }),
    )
    await queue.add(tasks('a'))
    await log.until('3 ended runs of a', () => log.endedRunsOf('a').length === 3)
    await queue.add(tasks('barrier'))
    await log.until('the barrier to run', () => log.runsOf('barrier').length === 1)
    const runs = log.runsOf('a')
    expect(runs.map(({ attempt, final }) => ({ attempt, final }))).toEqual([
      { attempt: 1, final: false },
      { attempt: 2, final: false },
      { attempt: 3, final: true },
    ])
    const [first, second, third] = runs
    expect(gapMs(first, second)).toBeGreaterThanOrEqual(atLeast(backoffMs))
    expect(gapMs(second, third)).toBeGreaterThanOrEqual(atLeast(2 * backoffMs))
    // Given up: not delayed for a fourth run.
    expect(await queue.pending()).toBe(0)
  })

  it('runs a task that succeeds on a retry no more', async () => {
    const { queue, log } = await setUp()
    await queue.start(
      log.runner((run) => {
        if (run.rowId === 'a' && run.attempt === 1) throw new RowRetry('try again')
      }),
    )
    await queue.add(tasks('a'))
    await log.until('2 ended runs of a', () => log.endedRunsOf('a').length === 2)
    await queue.add(tasks('barrier'))
    await log.until('the barrier to run', () => log.runsOf('barrier').length === 1)
    expect(log.runs.map((run) => run.rowId)).toEqual(['a', 'a', 'barrier'])
  })

  it('waits the delay a RowRetry asks for instead of the backoff', async () => {
    const delayMs = 300
    const { queue, log } = await setUp({ backoffMs: 10 })
    await queue.start(
      log.runner((run) => {
        if (run.attempt === 1) throw new RowRetry('busy', { delayMs })
      }),
    )
    await queue.add(tasks('a'))
    await log.until('a second run of a', () => log.runsOf('a').length === 2)
    const [first, second] = log.runsOf('a')
    expect(gapMs(first, second)).toBeGreaterThanOrEqual(atLeast(delayMs))
  })

  it('holds every task back after a rate-limited RowRetry, without using up an attempt', async () => {
    const holdMs = 400
    const { queue, log } = await setUp({ concurrency: 2, maxAttempts: 2 })
    await queue.start(
      log.runner((run) => {
        if (run.rowId === 'a' && run.attempt === 1) throw new RowRetry('429', { rateLimited: true, delayMs: holdMs })
        if (run.rowId === 'b') return log.gate('b')
      }),
    )
    await queue.add(tasks('a', 'b'))
    await log.until('a to fail while b runs', () => log.endedRunsOf('a').length === 1 && log.running === 1)
    // a is back in line once the engine has taken the refusal in (and set the hold).
    await eventually('a to wait again', async () => (await queue.pending()) === 1)
    await queue.add(tasks('c'))
    log.open('b')
    await log.until('a again and c', () => log.runsOf('a').length === 2 && log.runsOf('c').length === 1)
    const [refused, retried] = log.runsOf('a')
    expect(gapMs(refused, retried)).toBeGreaterThanOrEqual(atLeast(holdMs))
    expect(gapMs(refused, log.runsOf('c')[0])).toBeGreaterThanOrEqual(atLeast(holdMs))
    expect(retried).toMatchObject({ attempt: 2, final: false })
  })
}

function closing(setUp: SetUp): void {
  it('close() waits for the running task and starts no other', async () => {
    const { queue, log } = await setUp()
    const events: string[] = []
    await queue.start(
      log.runner(async (run) => {
        if (run.rowId !== 'a') return
        await log.gate('a')
        // Work left after the gate opens: a close() that did not wait would end meanwhile.
        await delay(50)
        events.push('a returned')
      }),
    )
    await queue.add(tasks('a', 'b'))
    await log.until('a to run', () => log.running === 1)
    const closed = queue.close().then(() => events.push('closed'))
    log.open('a')
    await closed
    expect(events).toEqual(['a returned', 'closed'])
    expect(log.runsOf('b')).toEqual([])
  })
}
