import { RowRetry, type RowQueue, type RowRunner, type RowTask } from '../row-queue.ts'

/**
 * A row queue the test drives: tasks wait until the test runs them (`runNext`, `runAll`), one at a
 * time, so a test can stop between any two rows and look (pause mid-job, top up, cancel). It keeps the
 * contract's de-duplication and retries (a RowRetry puts the task back at the end, attempts counted),
 * without timers: the engines' timing is their contract tests' business, the rows' rules are these.
 */
export interface SteppedRowQueue extends RowQueue {
  /** Runs the first waiting task; false when none waits. */
  runNext(): Promise<boolean>
  /** Runs tasks until none waits (tasks added meanwhile included); returns how many ran. */
  runAll(limit?: number): Promise<number>
  /** Row ids waiting, in order. */
  waiting(): string[]
  /** Every task added, in order, duplicates refused included (for fairness assertions). */
  readonly added: RowTask[]
}

export function steppedRowQueue(maxAttempts = 3): SteppedRowQueue {
  const queue: { task: RowTask; attempt: number }[] = []
  const added: RowTask[] = []
  let runner: RowRunner | null = null
  const isWaiting = (rowId: string) => queue.some((entry) => entry.task.rowId === rowId)
  const runNext = async () => {
    const entry = queue.shift()
    if (!entry) return false
    if (!runner) throw new Error('start() the queue before running tasks')
    try {
      await runner(entry.task, { attempt: entry.attempt, final: entry.attempt >= maxAttempts })
    } catch (error) {
      if (entry.attempt >= maxAttempts) return true
      if (!(error instanceof RowRetry)) throw error
      queue.push({ task: entry.task, attempt: entry.attempt + 1 })
    }
    return true
  }
  return {
    engine: 'in-process',
    added,
    async add(tasks) {
      for (const task of tasks) {
        added.push(task)
        if (!isWaiting(task.rowId)) queue.push({ task, attempt: 1 })
      }
    },
    async start(run) {
      runner = run
    },
    pending: async () => queue.length,
    async close() {
      runner = null
    },
    runNext,
    async runAll(limit = 100_000) {
      let ran = 0
      while (ran < limit && (await runNext())) ran += 1
      return ran
    },
    waiting: () => queue.map((entry) => entry.task.rowId),
  }
}
