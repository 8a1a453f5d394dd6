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
 * budget and no step waits; otherwise it joins the queue, which later turns serve in order, each
 * about a budget's worth. The work is the same; only its slicing changes. One per server (the event
 * loop is the process's), on the request context.
 *
 * A turn serves its waiting steps one per `later` callback ("slot"), so each one's work, which runs
 * right after its callback, is on the clock before the next slot asks. A waiting step costs one
 * promise, and a turn asks for at most twice the slots the last one used (at least 8), however long
 * the queue.
 */
export class TurnBudget {
  readonly #budgetMs: number
  readonly #clock: TurnClock
  #turnOpen = false
  #turnStartedAt = 0
  /** The resumes of the steps waiting for a turn, first come first. */
  readonly #waiting: (() => void)[] = []
  /** Slots asked for and not yet run. */
  #slotsAhead = 0
  /** Steps served by slots in the current turn, and in the last one: how many slots the next asks for. */
  #servedThisTurn = 0
  #servedLastTurn = 0
  readonly #closeTurn = () => {
    this.#turnOpen = false
    this.#servedLastTurn = this.#servedThisTurn
    this.#servedThisTurn = 0
  }
  readonly #slot = () => {
    this.#slotsAhead -= 1
    if (this.#waiting.length > 0 && this.#mayGoOn()) {
      this.#servedThisTurn += 1
      this.#waiting.shift()!()
    }
    if (this.#slotsAhead === 0) this.#askForSlots()
  }

  constructor(budgetMs: number = TURN_BUDGET_MS, clock: TurnClock = realClock) {
    this.#budgetMs = budgetMs
    this.#clock = clock
  }

  /**
   * Nothing (go on at once) while this turn is within its budget and no step waits; else a promise
   * that resolves in the first later turn with room for this step after those that waited before it.
   */
  pace(): Promise<void> | undefined {
    if (this.#waiting.length === 0 && this.#mayGoOn()) return undefined
    return new Promise<void>((resume) => {
      this.#waiting.push(resume)
      this.#askForSlots()
    })
  }

  /** Tops the slots ahead up to what the next turn may serve: twice the last turn's steps, at least 8. */
  #askForSlots(): void {
    const wanted = Math.min(this.#waiting.length, Math.max(MIN_SLOTS_PER_TURN, 2 * this.#servedLastTurn))
    for (; this.#slotsAhead < wanted; this.#slotsAhead += 1) this.#clock.later(this.#slot)
  }

  #mayGoOn(): boolean {
    const now = this.#clock.now()
    if (this.#turnOpen) return now - this.#turnStartedAt < this.#budgetMs
    // The first step since the last turn ended starts this turn's budget; what ends the turn is asked
    // for `later` before any slot of the steps that wait, so it runs first, and they go on in a new one.
    this.#turnOpen = true
    this.#turnStartedAt = now
    this.#clock.later(this.#closeTurn)
    return true
  }
}

/** Slots a turn asks for when the last served few: a burst's first turns find out how many fit. */
const MIN_SLOTS_PER_TURN = 8
