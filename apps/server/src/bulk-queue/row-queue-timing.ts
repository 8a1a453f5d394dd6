import { RowRetry, type RowQueueSettings } from '@promptly/api/bulk/row-queue'

/** A longer timer fires at once in Node (with a warning): the in-process engine never asks for more. */
const LONGEST_TIMER_MS = 2 ** 31 - 1

/**
 * How long a task waits after its `failures`-th thrown run, in both engines: the delay a RowRetry
 * asks for, else `backoffMs` doubled for each failure before this one (1: backoffMs, 2: twice it...).
 */
export function retryDelayMs(settings: RowQueueSettings, failures: number, error: unknown): number {
  const delay =
    error instanceof RowRetry && error.delayMs !== undefined
      ? error.delayMs
      : settings.backoffMs * 2 ** Math.max(0, failures - 1)
  return Math.min(Math.max(0, delay), LONGEST_TIMER_MS)
}

/** The window `ratePerMinute` counts in. */
export function rateWindowMs(settings: RowQueueSettings): number {
  return settings.rateWindowMs ?? 60_000
}
