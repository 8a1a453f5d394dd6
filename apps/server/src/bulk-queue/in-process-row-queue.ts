import {
  RowRetry,
  type RowAttempt,
  type RowQueue,
  type RowQueueSettings,
  type RowRunner,
  type RowTask,
} from '@promptly/api/bulk/row-queue'

import { rateWindowMs, retryDelayMs } from './row-queue-timing.ts'

export interface InProcessRowQueueOptions {
  /**
   * Hears what a run threw when no retry follows it (a final run), and any throw that is not a
   * RowRetry (a fault, retried all the same). A RowRetry on a run that has a retry is not reported.
   */
  onError?: (error: unknown) => void
}

interface Entry {
  task: RowTask
  /** Runs started, of every kind: what RowAttempt.attempt says. */
  runs: number
  /** Thrown runs that used up an attempt (a rate-limited one does not). */
  failures: number
  /** Set while the task waits out its retry delay. */
  timer: NodeJS.Timeout | null
}

/**
 * The engine for one process without Redis (the embedded default), with BullMQ's behaviour as the
 * row runner sees it: tasks start in the order added, at most `concurrency` at once, at most
 * `ratePerMinute` starts in any `rateWindowMs` (a sliding window: no stretch of that length ever holds
 * more, where BullMQ counts in fixed windows); a throw is retried after its delay until `maxAttempts`
 * runs have failed; a rate-limited RowRetry holds every start back and puts its task first in line
 * again without using up an attempt (the limit is the provider's, not the row's fault).
 *
 * It holds its tasks in memory only: a process that ends loses what was queued, and the bulk sweeper
 * adds those rows again on the next start (they are still `queued` in the database).
 */
export function createInProcessRowQueue(settings: RowQueueSettings, options: InProcessRowQueueOptions = {}): RowQueue {
  return new InProcessRowQueue(settings, options)
}

class InProcessRowQueue implements RowQueue {
  readonly engine = 'in-process'
  /** Every task waiting, delayed or running, by row: what `add` de-duplicates against. */
  private readonly tracked = new Map<string, Entry>()
  private readonly waiting: Entry[] = []
  private readonly delayed = new Set<Entry>()
  /** Start times inside the current window, oldest first. */
  private readonly recentStarts: number[] = []
  private readonly idleWaiters: (() => void)[] = []
  private readonly settings: RowQueueSettings
  private readonly windowMs: number
  private readonly onError: ((error: unknown) => void) | undefined
  private runner: RowRunner | null = null
  private closed = false
  private running = 0
  private heldUntil = 0
  private wake: { at: number; timer: NodeJS.Timeout } | null = null

  constructor(settings: RowQueueSettings, options: InProcessRowQueueOptions) {
    this.settings = settings
    this.windowMs = rateWindowMs(settings)
    this.onError = options.onError
  }

  async add(tasks: readonly RowTask[]): Promise<void> {
    for (const task of tasks) {
      if (this.tracked.has(task.rowId)) continue
      const entry: Entry = { task: { ...task }, runs: 0, failures: 0, timer: null }
      this.tracked.set(task.rowId, entry)
      this.waiting.push(entry)
    }
    this.pump()
  }

  async start(run: RowRunner): Promise<void> {
    if (this.runner) throw new Error('This row queue has been started already')
    this.runner = run
    this.pump()
  }

  async pending(): Promise<number> {
    return this.waiting.length + this.delayed.size
  }

  async close(): Promise<void> {
    this.closed = true
    if (this.wake) clearTimeout(this.wake.timer)
    this.wake = null
    for (const entry of this.delayed) {
      if (entry.timer) clearTimeout(entry.timer)
      entry.timer = null
      this.waiting.push(entry)
    }
    this.delayed.clear()
    if (this.running > 0) await new Promise<void>((resolve) => this.idleWaiters.push(resolve))
  }

  /** Starts what the limits allow now, and sets a timer for when they next allow more. */
  private pump(): void {
    while (this.runner && !this.closed && this.running < this.settings.concurrency && this.waiting.length > 0) {
      const now = performance.now()
      const delay = this.startDelay(now)
      if (delay > 0) return this.wakeIn(delay, now)
      const entry = this.waiting.shift()
      if (!entry) return
      this.recentStarts.push(now)
      void this.runEntry(this.runner, entry)
    }
  }

  /** Milliseconds before another task may start: the rate-limit hold, or the oldest start leaving the window. */
  private startDelay(now: number): number {
    const starts = this.recentStarts
    while (starts.length > 0 && (starts[0] ?? now) <= now - this.windowMs) starts.shift()
    const byWindow = starts.length < this.settings.ratePerMinute ? 0 : (starts[0] ?? now) + this.windowMs - now
    return Math.max(this.heldUntil - now, byWindow)
  }

  private wakeIn(delay: number, now: number): void {
    const at = now + delay
    if (this.wake && this.wake.at <= at) return
    if (this.wake) clearTimeout(this.wake.timer)
    const timer = setTimeout(() => {
      this.wake = null
      this.pump()
    }, delay)
    this.wake = { at, timer }
  }

  private async runEntry(run: RowRunner, entry: Entry): Promise<void> {
    this.running += 1
    entry.runs += 1
    const attempt = { attempt: entry.runs, final: entry.failures + 1 >= this.settings.maxAttempts }
    try {
      await run(entry.task, attempt)
      this.tracked.delete(entry.task.rowId)
    } catch (error) {
      this.afterThrow(entry, attempt, error)
    } finally {
      this.running -= 1
      if (this.running === 0) for (const resolve of this.idleWaiters.splice(0)) resolve()
      this.pump()
    }
  }

  private afterThrow(entry: Entry, attempt: RowAttempt, error: unknown): void {
    const rateLimited = error instanceof RowRetry && error.rateLimited
    if (rateLimited) {
      // The provider's refusal holds every start back, whatever becomes of this task.
      const holdMs = retryDelayMs(this.settings, entry.failures + 1, error)
      this.heldUntil = Math.max(this.heldUntil, performance.now() + holdMs)
    }
    if (attempt.final || !(error instanceof RowRetry)) this.report(error)
    if (attempt.final) {
      this.tracked.delete(entry.task.rowId)
    } else if (rateLimited) {
      this.waiting.unshift(entry)
    } else {
      entry.failures += 1
      this.delayRetry(entry, retryDelayMs(this.settings, entry.failures, error))
    }
  }

  private delayRetry(entry: Entry, delay: number): void {
    if (this.closed) {
      // No timer outlives close(): the task stays queued, counted by pending().
      this.waiting.push(entry)
      return
    }
    this.delayed.add(entry)
    entry.timer = setTimeout(() => {
      entry.timer = null
      this.delayed.delete(entry)
      this.waiting.push(entry)
      this.pump()
    }, delay)
  }

  private report(error: unknown): void {
    try {
      this.onError?.(error)
    } catch {
      // A failing reporter must not stop the queue.
    }
  }
}
