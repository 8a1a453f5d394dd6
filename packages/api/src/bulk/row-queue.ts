/**
 * The queue that runs a bulk job's rows: one contract, two engines, picked once by the server's
 * composition root. BullMQ on Redis is the scale-out engine (every instance's workers take rows from
 * one queue, a row whose worker died is taken again, and the provider's rate limit is counted in
 * Redis for all of them); the in-process runner serves the embedded default (one process, no Redis)
 * with the same behaviour inside one process. Both pass the same contract tests.
 *
 * The queue carries ids only. What a row holds, whether it is done and what it cost live in the
 * database, so the queue may run a task more than once (at-least-once) and the row runner settles
 * each row once (bulk rows are charged in the same transaction that marks them delivered).
 */

/** One row to run. */
export interface RowTask {
  jobId: string
  rowId: string
  /** Whose job it is: the fairness between owners is decided before tasks are added. */
  ownerId: string
}

/** Which run of this task it is, as the engine counts them (1 for the first). */
export interface RowAttempt {
  attempt: number
  /** True when no retry follows a throw: the runner must record the row's failure itself. */
  final: boolean
}

/**
 * Thrown by a row runner to have the task run again later: after `delayMs` when given, else after
 * the engine's backoff for this attempt. `rateLimited` (the provider answered 429) holds back every
 * worker's next start for `delayMs`, not only this task's, since the limit is the provider's.
 */
export class RowRetry extends Error {
  readonly delayMs: number | undefined
  readonly rateLimited: boolean

  constructor(reason: string, options: { delayMs?: number; rateLimited?: boolean } = {}) {
    super(reason)
    this.name = 'RowRetry'
    this.delayMs = options.delayMs
    this.rateLimited = options.rateLimited ?? false
  }
}

export type RowRunner = (task: RowTask, attempt: RowAttempt) => Promise<void>

export interface RowQueueSettings {
  /** Rows one instance runs at once. */
  concurrency: number
  /** Rows started per minute across every instance (the provider's rate limit). */
  ratePerMinute: number
  /** The window `ratePerMinute` counts in: a minute, shorter in tests. */
  rateWindowMs?: number
  /** Runs of one task before it is given up (the last run gets `final: true`). */
  maxAttempts: number
  /** The first retry's delay; each next one doubles it. */
  backoffMs: number
}

export interface RowQueue {
  readonly engine: 'in-process' | 'bullmq'
  /**
   * Queues tasks in the order given. A task whose row is already waiting, delayed or running is not
   * queued twice; one whose earlier run has finished is queued again (the runner finds it settled).
   */
  add(tasks: readonly RowTask[]): Promise<void>
  /** Starts this instance's workers; each task goes to `run`. Called once. */
  start(run: RowRunner): Promise<void>
  /** Tasks waiting or delayed, not yet running (for progress and tests). */
  pending(): Promise<number>
  /** Stops taking tasks and waits for the running ones to end; queued tasks stay for the next start. */
  close(): Promise<void>
}
