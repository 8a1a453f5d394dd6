import { monitorEventLoopDelay } from 'node:perf_hooks'

/**
 * The longest stall of this process's event loop in each minute, to 1 ms. The soak's load generator
 * times answers on its own loop: a stall there lengthens every answer that arrives during it, so a
 * minute whose stall is as long as its slow answers says more about the generator than the server.
 */
export interface LoopStallMeter {
  /** Files the longest stall since the last call under `minute`, and starts the next minute afresh. */
  endMinute(minute: number): void
  maxMs(minute: number): number | null
  stop(): void
}

export function startLoopStallMeter(): LoopStallMeter {
  const histogram = monitorEventLoopDelay({ resolution: 1 })
  histogram.enable()
  const byMinute = new Map<number, number>()
  return {
    endMinute(minute) {
      // The histogram measures the delay past each 1 ms tick, in nanoseconds.
      byMinute.set(minute, Math.round(histogram.max / 1e5) / 10)
      histogram.reset()
    },
    maxMs: (minute) => byMinute.get(minute) ?? null,
    stop: () => histogram.disable(),
  }
}
