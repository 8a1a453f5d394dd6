import { performance } from 'node:perf_hooks'

/** How long each step of a start took, in milliseconds, in the order they ran. */
export type StartUpPhases = Record<string, number>

export interface StartUpClock {
  /** Runs one step of the start and records how long it took under `name`. */
  phase<T>(name: string, work: () => Promise<T>): Promise<T>
  /** The steps so far, after `modules` (loading the server's code, from the process's start). */
  phases(): StartUpPhases
  /** Milliseconds since the process started. */
  sinceProcessStart(): number
}

/**
 * Times main.ts's start-up steps for the log line operators read (`started`): where a slow start
 * went (a new PGlite's initdb, migrations, the seed, loading the web app's server build). The first
 * phase, `modules`, is the time from the process's start to the clock's: Node's own start and loading
 * the server's code.
 */
export function startUpClock(): StartUpClock {
  const phases: StartUpPhases = { modules: Math.round(performance.now()) }
  return {
    async phase(name, work) {
      const started = performance.now()
      try {
        return await work()
      } finally {
        phases[name] = Math.round(performance.now() - started)
      }
    },
    phases: () => ({ ...phases }),
    sinceProcessStart: () => Math.round(performance.now()),
  }
}
