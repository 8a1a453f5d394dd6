/** The part of a pino/Fastify logger the sweepers use. */
export interface SweeperLog {
  info(details: object, message: string): void
  error(details: object, message: string): void
}

/** Whether this process leads the sweepers now (packages/db's advisory leadership). */
export type SweepLeader = () => Promise<boolean>

/**
 * Runs `sweep` now (unless `runNow` is false) and then every `intervalMs`, never two at once (a slow
 * sweep makes the next tick skip rather than pile up). A failed sweep is logged with `failureMessage`
 * and the timer goes on. The timer does not keep the process alive. Returns a stop function that
 * resolves once a sweep in progress has finished. With `leads`, a tick sweeps only while this process
 * leads (one instance of several sweeps; the others take over when it is gone).
 */
export function startPeriodicSweep(
  sweep: () => Promise<void>,
  {
    intervalMs,
    log,
    failureMessage,
    runNow = true,
    leads,
  }: { intervalMs: number; log: SweeperLog; failureMessage: string; runNow?: boolean; leads?: SweepLeader },
): () => Promise<void> {
  let running: Promise<void> | null = null
  let stopped = false

  const tick = () => {
    if (running || stopped) return
    running = (leads ? leads().then((leading) => (leading ? sweep() : undefined)) : sweep())
      .catch((error: unknown) => log.error({ err: error }, failureMessage))
      .finally(() => {
        running = null
      })
  }

  if (runNow) tick()
  const timer = setInterval(tick, intervalMs)
  timer.unref()
  return async () => {
    stopped = true
    clearInterval(timer)
    await running
  }
}
