import { describe, expect, it } from 'vitest'

import { TurnBudget } from './turn-budget.ts'

/** A clock whose time and turns the test moves: `later` callbacks wait until `nextTurn()`. */
function steppedClock() {
  let now = 0
  let queued: (() => void)[] = []
  return {
    clock: { now: () => now, later: (resume: () => void) => void queued.push(resume) },
    spend(ms: number) {
      now += ms
    },
    /**
     * Runs what waited for a later turn, in the order it asked, each followed by what it resumed (as
     * Node runs a turn's timers, draining the microtasks after each).
     */
    async nextTurn() {
      const due = queued
      queued = []
      for (const resume of due) {
        resume()
        await new Promise((settle) => setImmediate(settle))
      }
    },
  }
}

/** A budget of 5 ms on a stepped clock whose current turn has already spent `spent` ms. */
async function turnThatSpent(spent: number) {
  const time = steppedClock()
  const turns = new TurnBudget(5, time.clock)
  await turns.pace()
  time.spend(spent)
  return { time, turns, ran: [] as string[] }
}

/** Steps that pace themselves, noting when each goes on. */
function pacedSteps(turns: TurnBudget, names: readonly string[], ran: string[]): Promise<void>[] {
  return names.map(async (name) => {
    await turns.pace()
    ran.push(name)
  })
}

describe('TurnBudget', () => {
  it('lets steps go on at once while the turn is within its budget', async () => {
    const { turns, ran } = await turnThatSpent(4)
    await Promise.all(pacedSteps(turns, ['a', 'b'], ran))
    expect(ran).toEqual(['a', 'b'])
  })

  it('moves the steps past the budget to a later turn, in the order they asked', async () => {
    const { time, turns, ran } = await turnThatSpent(5)
    const steps = pacedSteps(turns, ['a', 'b', 'c'], ran)
    await new Promise((settle) => setImmediate(settle))
    expect(ran).toEqual([])
    // The next turn starts a new budget: all three fit in it while no time passes.
    await time.nextTurn()
    await Promise.all(steps)
    expect(ran).toEqual(['a', 'b', 'c'])
  })

  it('spreads a burst over as many turns as its cost needs', async () => {
    const time = steppedClock()
    const turns = new TurnBudget(5, time.clock)
    const turnOf = new Map<string, number>()
    let turn = 0
    const steps: Promise<void>[] = []
    // Each step is ready in its own callback of one turn (as database answers are) and costs 3 ms:
    // two fit in a 5 ms turn (the second starts at 3 ms), the third does not.
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      const step = async () => {
        await turns.pace()
        turnOf.set(name, turn)
        time.spend(3)
      }
      steps.push(step())
      await new Promise((settle) => setImmediate(settle))
    }
    while (turnOf.size < 5) {
      turn += 1
      await time.nextTurn()
    }
    await Promise.all(steps)
    expect(Object.fromEntries(turnOf)).toEqual({ a: 0, b: 0, c: 1, d: 1, e: 2 })
  })

  it('lets a timer set during a burst run before most of it, on the real event loop', async () => {
    const turns = new TurnBudget(5)
    const order: string[] = []
    const busyFor = (ms: number) => {
      const until = performance.now() + ms
      while (performance.now() < until);
    }
    // Forty steps ready in one turn (as forty database answers would be), 2 ms of work each, and a
    // timer due in the next turn. Set from a timer, so the turn is known: the steps' immediates run
    // in this turn's check phase, and the timer, set after this turn's timers ran, in the next turn.
    const steps = await new Promise<Promise<void>[]>((started) =>
      setTimeout(() => {
        const pending = Array.from(
          { length: 40 },
          (_, index) =>
            new Promise<void>((done) =>
              setImmediate(async () => {
                await turns.pace()
                busyFor(2)
                order.push(`step ${index}`)
                done()
              }),
            ),
        )
        setTimeout(() => order.push('timer'), 0)
        started(pending)
      }, 0),
    )
    await Promise.all(steps)
    // Unpaced, the timer would wait for all forty (80 ms); paced, it runs after the first turn's few.
    expect(order.indexOf('timer')).toBeGreaterThan(0)
    expect(order.indexOf('timer')).toBeLessThanOrEqual(4)
    expect(order.filter((entry) => entry !== 'timer')).toEqual(
      Array.from({ length: 40 }, (_, index) => `step ${index}`),
    )
  })
})
