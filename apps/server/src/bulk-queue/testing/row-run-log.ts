import type { RowRunner } from '@promptly/api/bulk/row-queue'

/** One run of a task, as the row runner saw it (times from performance.now()). */
export interface RowRun {
  rowId: string
  attempt: number
  final: boolean
  startedAt: number
  /** Null while it runs. */
  endedAt: number | null
}

/** What a test's runner does with a run once it is recorded: return, throw, or wait for a gate. */
export type RowBehaviour = (run: RowRun) => Promise<void> | void

const DEFAULT_WAIT_MS = 10_000

/**
 * A row runner that records every run, and waits a test can make for what the runs show: waits for
 * states, each bounded by a timeout that fails naming what it waited for. Gates hold runs open until
 * the test opens them; `openAllGates` lets a failed test's queue close instead of waiting forever.
 */
export class RowRunLog {
  readonly runs: RowRun[] = []
  running = 0
  maxRunning = 0
  private readonly listeners = new Set<() => void>()
  private readonly gates = new Map<string, { opened: Promise<void>; open: () => void }>()

  runner(behave: RowBehaviour = () => {}): RowRunner {
    return async (task, attempt) => {
      const run: RowRun = { rowId: task.rowId, ...attempt, startedAt: performance.now(), endedAt: null }
      this.runs.push(run)
      this.running += 1
      this.maxRunning = Math.max(this.maxRunning, this.running)
      this.changed()
      try {
        await behave(run)
      } finally {
        run.endedAt = performance.now()
        this.running -= 1
        this.changed()
      }
    }
  }

  runsOf(rowId: string): RowRun[] {
    return this.runs.filter((run) => run.rowId === rowId)
  }

  /** The finished runs of `rowId`: how many have ended. */
  endedRunsOf(rowId: string): RowRun[] {
    return this.runsOf(rowId).filter((run) => run.endedAt !== null)
  }

  /** A gate named `key`, made on first use: a behaviour awaits `gate(key)`, the test calls `open(key)`. */
  gate(key: string): Promise<void> {
    return this.gateFor(key).opened
  }

  open(key: string): void {
    this.gateFor(key).open()
  }

  openAllGates(): void {
    for (const gate of this.gates.values()) gate.open()
  }

  /** Resolves once `done()` holds, checked at each start and end of a run. */
  until(what: string, done: () => boolean, timeoutMs = DEFAULT_WAIT_MS): Promise<void> {
    if (done()) return Promise.resolve()
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!done()) return
        clearTimeout(timer)
        this.listeners.delete(check)
        resolve()
      }
      const timer = setTimeout(() => {
        this.listeners.delete(check)
        reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`))
      }, timeoutMs)
      this.listeners.add(check)
    })
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener()
  }

  private gateFor(key: string) {
    let gate = this.gates.get(key)
    if (!gate) {
      let open = () => {}
      const opened = new Promise<void>((resolve) => {
        open = resolve
      })
      gate = { opened, open }
      this.gates.set(key, gate)
    }
    return gate
  }
}

/**
 * Resolves once `check()` answers true, asked every few milliseconds: for a state only a query shows
 * (the queue's `pending()`), not a run. Bounded like `until`.
 */
export async function eventually(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = DEFAULT_WAIT_MS,
): Promise<void> {
  const deadline = performance.now() + timeoutMs
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** Milliseconds from the end of `earlier` to the start of `later`; throws when either is missing or running. */
export function gapMs(earlier: RowRun | undefined, later: RowRun | undefined): number {
  if (!earlier || earlier.endedAt === null || !later) throw new Error('Both runs must exist, the earlier one ended')
  return later.startedAt - earlier.endedAt
}
