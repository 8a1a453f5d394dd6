/**
 * The longest a shutdown waits for its last spans. The exporter tries a collector that is gone for
 * its whole timeout (OTEL_EXPORTER_OTLP_TIMEOUT, 10 s), which would come on top of the generations
 * the shutdown lets finish, inside the orchestrator's grace period (docs/operations.md).
 */
export const SHUTDOWN_EXPORT_MS = 2_000

/** Waits for `exported` at most SHUTDOWN_EXPORT_MS; past that, says so and lets the shutdown go on. */
export async function withinShutdownBudget(
  exported: Promise<void>,
  log: { warn(message: string): void },
): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), SHUTDOWN_EXPORT_MS).unref()
  })
  const outcome = await Promise.race([exported, late])
  clearTimeout(timer)
  if (outcome === 'late') log.warn(`tracing: the last spans were not exported within ${SHUTDOWN_EXPORT_MS} ms`)
}
