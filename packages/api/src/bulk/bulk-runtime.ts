import type { RowQueue } from './row-queue.ts'

/** The operator's limits on bulk runs (BULK_* settings). */
export interface BulkLimits {
  /** Most rows one job may hold (BULK_MAX_ROWS). */
  maxRows: number
  /**
   * Most rows of one owner in the queue at once, all their jobs together (BULK_OWNER_IN_FLIGHT). The
   * queue runs in order, so this is what keeps one owner's 10,000 rows from starving another's job:
   * a newcomer's rows wait behind at most this many of anyone's.
   */
  ownerInFlight: number
}

/** What the bulk procedures work with: the row queue of this instance, and the limits. */
export interface BulkRuntime extends BulkLimits {
  queue: RowQueue
}

/** The context's bulk runtime; a server always builds one, a context without it is a wiring mistake. */
export function bulkRuntime(ctx: { bulk?: BulkRuntime | undefined }): BulkRuntime {
  if (!ctx.bulk) throw new Error('This context has no bulk runtime (the server builds one in services.ts)')
  return ctx.bulk
}
