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
import { feedOwner } from './feed-rows.ts'
import { settleFailedAttempt } from './row-attempt-failure.ts'
import type { RowAttempt, RowQueue, RowRunner, RowTask } from './row-queue.ts'
import { cancelQueuedRow, deliverRow, failRow, finishIfSettled, unqueueRow, waitForCredits } from './row-settlement.ts'
import { runMediaRow } from './run-media-row.ts'

export interface RowRunnerDeps {
  db: Db
  queue: RowQueue
  ownerInFlight: number
  /**
   * The context a row runs in: its owner's, as one of their requests would have it (their account
   * read afresh, this instance's AI provider and lease). Null when the account is gone.
   */
  contextFor(userId: string): Promise<AuthedContext | null>
}

/** Kept on a row whose tool was deleted after the job was made. */
const TOOL_GONE = 'Tool not found'
/** Kept on a row whose owner's account no longer exists. */
const ACCOUNT_GONE = 'The account that started this job no longer exists.'

/**
 * Runs one row of a bulk job as a single generation runs, with the same ledger rules: the tool and the
 * values checked first (nothing charged when they fail), the cost reserved, the provider asked, the
 * answer sanitised, then delivered and charged in one transaction (row-settlement.ts), or refunded.
 * A row of the image tool or text to audio runs as its single run does (run-media-row.ts).
 *
 * The queue may run the same task twice (a worker taken for dead, a retry racing a slow first run):
 * only a row still `queued` runs, and only one run can deliver it; any other refunds its reservation.
 * A provider error worth retrying (rate limit, unavailable, timeout) is refunded and handed back to
 * the queue as a RowRetry, until the final attempt, which marks the row failed. A row of a paused job,
 * or of one waiting for credits, goes back to pending; a cancelled job's queued rows are dropped.
 * After each settled row the owner's next row is fed in.
 */
export function createRowRunner(deps: RowRunnerDeps): RowRunner {
  return async (task, attempt) => {
    const settled = await runRow(deps, task, attempt)
    if (settled) {
      await finishIfSettled(deps.db, task.jobId)
      await feedOwner(deps.db, deps.queue, task.ownerId, deps.ownerInFlight)
    }
  }
}

/** True when the row left `queued` (delivered, failed, cancelled or put back), so the owner has room. */
async function runRow(deps: RowRunnerDeps, task: RowTask, attempt: RowAttempt): Promise<boolean> {
  const { db } = deps
  const row = await db.bulkRow.findUnique({
    where: { id: task.rowId },
    select: {
      id: true,
      jobId: true,
      status: true,
      values: true,
      job: { select: { status: true, toolId: true, userId: true, costPerRow: true, tool: { select: { kind: true } } } },
    },
  })
  if (!row || row.status !== 'queued') return false
  const { job } = row
  if (job.status === 'cancelled' || job.status === 'completed') {
    await cancelQueuedRow(db, row.id)
    return true
  }
  if (job.status !== 'running') {
    await unqueueRow(db, row.id)
    return true
  }
  if (job.toolId === null) {
    await failRow(db, row, TOOL_GONE)
    return true
  }
  const ctx = await deps.contextFor(job.userId)
  if (!ctx) {
    await failRow(db, row, ACCOUNT_GONE)
    return true
  }
  const mediaKind = job.tool?.kind
  if (mediaKind !== undefined && isBulkMediaKind(mediaKind)) {
    return runMediaRow(ctx, { row, toolId: job.toolId, kind: mediaKind, values: row.values, attempt })
  }
  const values = generationValues.safeParse(row.values)
  if (!values.success) {
    await failRow(db, row, values.error.issues[0]?.message ?? 'These values do not fit the form')
    return true
  }
  let prepared: PreparedGeneration
  try {
    // The tool as a single run reads it now: unpublished or changed since the job was made counts.
    prepared = await prepareGeneration(ctx, { toolId: job.toolId, groups: values.data })
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    await failRow(db, row, error.message)
    return true
  }
  const generationId = randomUUID()
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
    return true
  }
  await db.bulkRow.update({ where: { id: row.id }, data: { attempts: { increment: 1 }, generationId } })
  return generate(ctx, { row, generationId, prepared, cost: job.costPerRow, attempt })
}

interface Run {
  row: { id: string; jobId: string }
  generationId: string
  prepared: PreparedGeneration
  cost: number
  attempt: RowAttempt
}

/** The provider's answer delivered (true), or the reservation refunded and the row failed or retried. */
async function generate(ctx: AuthedContext, { row, generationId, prepared, cost, attempt }: Run): Promise<boolean> {
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
      return false
    }
    reportCommitted(ctx, 'generic', cost)
    return true
  } catch (error) {
    return settleFailedAttempt(ctx, { row, generationId, kind: 'generic', attempt, latencyMs: latencyMs() }, error)
  }
}
