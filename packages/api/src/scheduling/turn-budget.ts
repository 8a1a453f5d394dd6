/**
 * The budget, in milliseconds of one event-loop turn, for the paced steps of requests (see
 * TurnBudget). In the generation bench (200 generations at once, PostgreSQL) 5 ms kept the loop's
 * lag p99 at 25-40 ms, from 70-96 ms (REST) and 240-500 ms (tRPC), with no more CPU per generation
 * and no longer runs; 10 ms left 40-56 ms.
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
  // An immediate, not a timer: a timer waits at least 1 ms, idle when nothing else is due (a burst
  // then took 40-70% longer). One set during the poll runs right after it, in the same turn, but
  // the turn's own closing immediate runs first (see #mayGoOn); one set there runs in the next.
  later: (resume) => setImmediate(resume),
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
    // The first paced step since the last turn ended starts this turn's budget; what ends the turn is
    // asked for `later` before any step that waits, so it runs first, and they go on in a new one.
    this.#turnOpen = true
    this.#turnStartedAt = now
    this.#clock.later(this.#closeTurn)
    return true
  }
}
