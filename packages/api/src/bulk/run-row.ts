import { randomUUID } from 'node:crypto'

import { AiProviderError } from '@promptly/ai/errors'
import { isBulkMediaKind } from '@promptly/core/bulk/media-form'
import { AppError } from '@promptly/core/errors/app-error'
import { generationValues } from '@promptly/core/generation/form-values'
import { extractOutputHtml, sanitizeHtml } from '@promptly/core/generation/sanitize-html'
import type { Db } from '@promptly/db/client'

import type { AuthedContext } from '../context.ts'
import { refundQuietly } from '../credits/reservation/refund-reservation.ts'
import { reportCommitted } from '../generation/generation-reports.ts'
import { prepareGeneration, type PreparedGeneration } from '../generation/prepare-generation.ts'
import { reserveForCaller } from '../generation/reserve-for-caller.ts'
import { claimRow } from './claim-row.ts'
import { coalescedFeeds } from './coalesced-feeds.ts'
import { feedOwner } from './feed-rows.ts'
import { recentOwnerContexts } from './owner-contexts.ts'
import { settleFailedAttempt } from './row-attempt-failure.ts'
import type { RowAttempt, RowQueue, RowRunner, RowTask } from './row-queue.ts'
import {
  cancelQueuedRow,
  deliverRow,
  failRow,
  finishIfSettled,
  unqueueRow,
  waitForCredits,
  type RowEnd,
} from './row-settlement.ts'
import { runMediaRow } from './run-media-row.ts'

export interface RowRunnerDeps {
  db: Db
  queue: RowQueue
  ownerInFlight: number
  /**
   * The context a row runs in: its owner's, as one of their requests would have it (their account
   * read afresh, this instance's AI provider and lease). Null when the account is gone. The runner
   * shares one reading between the rows of the next second (owner-contexts.ts).
   */
  contextFor(userId: string): Promise<AuthedContext | null>
  /** Hears a background feed's failure (must not throw). */
  onFeedError?: (error: unknown) => void
}

/** Kept on a row whose tool was deleted after the job was made. */
const TOOL_GONE = 'Tool not found'
/** Kept on a row whose owner's account no longer exists. */
const ACCOUNT_GONE = 'The account that started this job no longer exists.'

/**
 * Runs one row of a bulk job as a single generation runs, with the same ledger rules: the tool and the
 * values checked first (nothing charged when they fail), the cost reserved, the provider asked, the
 * answer sanitised, then delivered and charged in one statement (row-settlement.ts), or refunded.
 * A row of the image tool or text to audio runs as its single run does (run-media-row.ts).
 *
 * The queue may run the same task twice (a worker taken for dead, a retry racing a slow first run):
 * only a row still `queued` runs, and only one run can deliver it; any other refunds its reservation.
 * A provider error worth retrying (rate limit, unavailable, timeout) is refunded and handed back to
 * the queue as a RowRetry, until the final attempt, which marks the row failed. A row of a paused job,
 * or of one waiting for credits, goes back to pending; a cancelled job's queued rows are dropped.
 * After each settled row the owner's next rows are fed in, in the background (coalesced-feeds.ts: one
 * feed at a time per owner on this instance, covering every row settled meanwhile).
 */
export function createRowRunner(deps: RowRunnerDeps): BulkRowRunner {
  const contextFor = recentOwnerContexts(deps.contextFor)
  const feed = coalescedFeeds((ownerId) => feedOwner(deps.db, deps.queue, ownerId, deps.ownerInFlight))
  const feeding = new Set<Promise<void>>()
  const run: RowRunner = async (task, attempt) => {
    const end = await runRow({ ...deps, contextFor }, task, attempt)
    if (end === 'open') return
    // A delivery has finished its job already if it was the last row (deliverRow).
    if (end === 'settled') await finishIfSettled(deps.db, task.jobId)
    // The worker goes on to its next row meanwhile: a feed waits for the one before it and for the
    // owner's lock, and at full speed that wait was a tenth of each row's time. A feed that fails
    // leaves the owner short until the next one (the bulk sweeper feeds an owner left with none).
    const fed = feed(task.ownerId).catch((error: unknown) => deps.onFeedError?.(error))
    feeding.add(fed)
    void fed.finally(() => feeding.delete(fed))
  }
  return Object.assign(run, {
    async feedsSettled() {
      while (feeding.size > 0) await Promise.all(feeding)
    },
  })
}

/** A row runner that feeds owners in the background, and says when those feeds have ended. */
export interface BulkRowRunner extends RowRunner {
  /** Resolves once no feed started by a settled row is running (before closing what feeds use). */
  feedsSettled(): Promise<void>
}

async function runRow(deps: RowRunnerDeps, task: RowTask, attempt: RowAttempt): Promise<RowEnd> {
  const { db } = deps
  const generationId = randomUUID()
  const row = await claimRow(db, task.rowId, generationId)
  if (!row) return 'open'
  const { job } = row
  if (job.status === 'cancelled' || job.status === 'completed') {
    await cancelQueuedRow(db, row.id)
    return 'settled'
  }
  if (job.status !== 'running') {
    await unqueueRow(db, row.id)
    return 'settled'
  }
  if (job.toolId === null) {
    await failRow(db, row, TOOL_GONE)
    return 'settled'
  }
  const ctx = await deps.contextFor(job.userId)
  if (!ctx) {
    await failRow(db, row, ACCOUNT_GONE)
    return 'settled'
  }
  const mediaKind = job.toolKind
  if (mediaKind !== null && isBulkMediaKind(mediaKind)) {
    const run = { row, toolId: job.toolId, kind: mediaKind, values: row.values, attempt, generationId }
    return runMediaRow(ctx, run)
  }
  const values = generationValues.safeParse(row.values)
  if (!values.success) {
    await failRow(db, row, values.error.issues[0]?.message ?? 'These values do not fit the form')
    return 'settled'
  }
  let prepared: PreparedGeneration
  try {
    // The tool as a single run reads it now: unpublished or changed since the job was made counts.
    prepared = await prepareGeneration(ctx, { toolId: job.toolId, groups: values.data })
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    await failRow(db, row, error.message)
    return 'settled'
  }
  try {
    await reserveForCaller(ctx, generationId, job.costPerRow, {
      kind: 'generic',
      toolId: prepared.tool.id,
      input: { groups: prepared.values },
      model: ctx.ai.models.chat,
      bulkJobId: row.jobId,
    })
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'PAYMENT_REQUIRED')) throw error
    await waitForCredits(db, row)
    return 'settled'
  }
  return generate(ctx, { row, generationId, prepared, cost: job.costPerRow, attempt })
}

interface Run {
  row: { id: string; jobId: string }
  generationId: string
  prepared: PreparedGeneration
  cost: number
  attempt: RowAttempt
}

/** The provider's answer delivered, or the reservation refunded and the row failed or retried. */
async function generate(ctx: AuthedContext, { row, generationId, prepared, cost, attempt }: Run): Promise<RowEnd> {
  const startedAt = performance.now()
  const latencyMs = () => performance.now() - startedAt
  try {
    const seed = Number.parseInt(generationId.slice(0, 8), 16)
    let text = ''
    const { system, prompt } = prepared.prompt
    for await (const piece of ctx.ai.streamText({ system, prompt, seed })) text += piece
    const output = sanitizeHtml(extractOutputHtml(text))
    if (output.trim() === '') throw new AiProviderError('unavailable', { details: { providerCode: 'empty_answer' } })
    const delivered = await deliverRow(ctx.db, {
      rowId: row.id,
      jobId: row.jobId,
      generationId,
      output,
      latencyMs: latencyMs(),
      cost,
    })
    // The sweeper refunded this reservation (it took the run for abandoned): the row is still to deliver.
    if (delivered === 'reservation_settled') throw new AiProviderError('timeout')
    if (delivered === 'row_settled') {
      // Another run of this row delivered it first: this run's charge goes back.
      await refundQuietly(ctx.db, generationId, { error: 'Delivered by another run', latencyMs: latencyMs() })
      return 'open'
    }
    reportCommitted(ctx, 'generic', cost)
    return 'delivered'
  } catch (error) {
    return settleFailedAttempt(ctx, { row, generationId, kind: 'generic', attempt, latencyMs: latencyMs() }, error)
  }
}
