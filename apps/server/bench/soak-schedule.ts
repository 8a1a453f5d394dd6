import { SOAK_KINDS, type SoakKind } from './soak-settings.ts'

/** One minute's requests of one kind: their latencies (ms), and how many failed (with why, a few). */
export interface KindMinute {
  latenciesMs: number[]
  errors: number
}

/**
 * Every request's outcome, filed under the minute it started in (minute 1 is the first), so a slow
 * answer counts against the minute that asked, not the one that happened to see it end.
 */
export interface RequestLog {
  readonly startedAt: number
  /** Times `work` (one request) and files its outcome; never throws. */
  time(kind: SoakKind, work: () => Promise<void>): Promise<void>
  minute(index: number): Record<SoakKind, KindMinute>
  /** Up to a few messages of each kind's failures, for the report. */
  errorSamples(): Partial<Record<SoakKind, string[]>>
}

const ERROR_SAMPLES_KEPT = 5

export function createRequestLog(startedAt: number): RequestLog {
  const minutes = new Map<number, Record<SoakKind, KindMinute>>()
  const samples: Partial<Record<SoakKind, string[]>> = {}
  const minute = (index: number) => {
    let found = minutes.get(index)
    if (!found) {
      found = Object.fromEntries(
        SOAK_KINDS.map((kind): [SoakKind, KindMinute] => [kind, { latenciesMs: [], errors: 0 }]),
      ) as Record<SoakKind, KindMinute>
      minutes.set(index, found)
    }
    return found
  }
  return {
    startedAt,
    async time(kind, work) {
      const began = performance.now()
      const entry = minute(Math.floor((began - startedAt) / 60_000) + 1)[kind]
      try {
        await work()
        entry.latenciesMs.push(performance.now() - began)
      } catch (error) {
        entry.errors += 1
        const kept = (samples[kind] ??= [])
        if (kept.length < ERROR_SAMPLES_KEPT) kept.push(error instanceof Error ? error.message : String(error))
      }
    },
    minute,
    errorSamples: () => structuredClone(samples),
  }
}

/** A flow of requests arriving at a fixed rate; each arrival runs `run` once. */
export interface Flow {
  name: string
  perSecond: number
  run(arrival: number): Promise<void>
}

const TICK_MS = 20

/**
 * Starts each flow's arrivals at its fixed rate for `durationMs` (the n-th arrival of a flow at
 * (n - 0.5) / rate seconds, so the flows do not all start at once), without waiting for answers;
 * resolves when the last arrival has been started, with the requests still running.
 */
export function runAtFixedRates(
  flows: readonly Flow[],
  durationMs: number,
  startedAt: number,
): Promise<Promise<void>[]> {
  const fired = flows.map(() => 0)
  const running = new Set<Promise<void>>()
  return new Promise((resolve) => {
    const tick = () => {
      const elapsedS = Math.min(performance.now() - startedAt, durationMs) / 1000
      flows.forEach((flow, index) => {
        const due = Math.floor(elapsedS * flow.perSecond + 0.5)
        while (fired[index]! < due) {
          fired[index]! += 1
          const request = flow.run(fired[index]!).finally(() => running.delete(request))
          running.add(request)
        }
      })
      if (elapsedS * 1000 >= durationMs) {
        clearInterval(timer)
        resolve([...running])
      }
    }
    const timer = setInterval(tick, TICK_MS)
  })
}
