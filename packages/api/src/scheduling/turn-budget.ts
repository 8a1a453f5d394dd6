/**
 * The budget, in milliseconds of one event-loop turn, for the paced steps of requests (see
 * TurnBudget). In the generation bench (200 generations at once, PostgreSQL) 5 ms kept the loop's
 * lag p99 at 25-32 ms, from 79-84 ms (REST) and 264-283 ms (tRPC), for the same wall time; 10 ms
 * left 40-56 ms.
 */
export const TURN_BUDGET_MS = 5

interface TurnClock {
  /** Milliseconds, monotonic. */
  now: () => number
  /** Calls `resume` in a later turn of the event loop, after its timers and I/O have had their go. */
  later: (resume: () => void) => void
}

const realClock: TurnClock = {
  now: () => performance.now(),
  // A timer, not setImmediate: an immediate set while the loop polls runs in the same turn, right
  // after the poll, and the loop's own timers (and the lag monitor) would still wait.
  later: (resume) => setTimeout(resume, 0),
}

/**
 * Shares the event loop between requests that are ready at the same moment. Node runs every callback
 * that is ready before it looks at its timers and sockets again: 200 generations whose database
 * answers arrive together each run their next step, ~1-2 ms apiece, in one turn, and every other
 * request (a page, a health check, a stream's next chunk) waits the whole 250-350 ms of it.
 *
 * A step that calls `pace()` first goes on at once while the current turn has spent less than the
 * budget; otherwise it resumes in a later turn, after what arrived meanwhile. A turn then holds about
 * a budget's worth of paced steps, and the rest of a burst spreads over the next turns, in the order
 * it was paced. The work is the same; only its slicing changes. One per server (the event loop is the
 * process's), on the request context.
 */
export class TurnBudget {
  readonly #budgetMs: number
  readonly #clock: TurnClock
  #turnOpen = false
  #turnStartedAt = 0
  readonly #closeTurn = () => {
    this.#turnOpen = false
  }

  constructor(budgetMs: number = TURN_BUDGET_MS, clock: TurnClock = realClock) {
    this.#budgetMs = budgetMs
    this.#clock = clock
  }

  /** Resolves at once while this turn is within its budget, else in the first later turn that is. */
  async pace(): Promise<void> {
    while (!this.#mayGoOn()) await new Promise<void>((resume) => this.#clock.later(resume))
  }

  #mayGoOn(): boolean {
    const now = this.#clock.now()
    if (this.#turnOpen) return now - this.#turnStartedAt < this.#budgetMs
    // The first paced step since the last turn ended starts this turn's budget; the timer that ends
    // the turn runs in the next turn's timers, before the steps that wait there.
    this.#turnOpen = true
    this.#turnStartedAt = now
    this.#clock.later(this.#closeTurn)
    return true
  }
}
