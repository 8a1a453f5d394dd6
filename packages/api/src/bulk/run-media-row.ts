import { AiProviderError } from '@promptly/ai/errors'
import { mediaRowRequest, type BulkMediaKind } from '@promptly/core/bulk/media-form'
import { AppError } from '@promptly/core/errors/app-error'

import type { AuthedContext } from '../context.ts'
import { refundQuietly } from '../credits/reservation/refund-reservation.ts'
import { reportCommitted } from '../generation/generation-reports.ts'
import { MODEL_OF_KIND, openMediaSink } from '../generation/one-shot-generation.ts'
import { reserveForCaller } from '../generation/reserve-for-caller.ts'
import { mediaRowHistoryInput, mediaRowWork } from './media-row-work.ts'
import { settleFailedAttempt } from './row-attempt-failure.ts'
import type { RowAttempt } from './row-queue.ts'
import { deliverRow, failRow, waitForCredits, type RowEnd } from './row-settlement.ts'

export interface MediaRowRun {
  row: { id: string; jobId: string }
  toolId: string
  kind: BulkMediaKind
  /** The row's values in the tool's fixed bulk form (media-form.ts). */
  values: unknown
  attempt: RowAttempt
  /** The id this attempt reserves under, named on the row when it was claimed. */
  generationId: string
}

/**
 * Runs one row of a media tool's job (images, text to audio) with a single run's ledger rules and a
 * bulk row's exactly-once delivery: the row's request checked by the single run's schema (nothing
 * charged when it fails), its cost reserved (tagged with the job), the provider asked and the media
 * stored as the single run stores them, then the row delivered and the reservation committed in one
 * transaction (row-settlement.ts). Any other way out deletes what this run stored and refunds it, and
 * so does a run that finds the row already delivered by another: a row keeps one set of media and
 * one charge. Ends as run-row.ts's RowEnd says.
 */
export async function runMediaRow(ctx: AuthedContext, run: MediaRowRun): Promise<RowEnd> {
  const { row, kind, attempt, generationId } = run
  const check = mediaRowRequest(kind, run.values)
  if (!check.ok) {
    await failRow(ctx.db, row, check.message)
    return 'settled'
  }
  const { cost } = check.row
  try {
    await reserveForCaller(ctx, generationId, cost, {
      kind,
      toolId: run.toolId,
      input: mediaRowHistoryInput(check.row),
      model: ctx.ai.models[MODEL_OF_KIND[kind]],
      bulkJobId: row.jobId,
    })
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'PAYMENT_REQUIRED')) throw error
    await waitForCredits(ctx.db, row)
    return 'settled'
  }
  const startedAt = performance.now()
  const latencyMs = () => performance.now() - startedAt
  const media = openMediaSink(ctx, generationId)
  try {
    const result = await mediaRowWork(ctx, check.row, media.sink)
    const delivered = await deliverRow(ctx.db, {
      rowId: row.id,
      jobId: row.jobId,
      generationId,
      output: result.output,
      latencyMs: latencyMs(),
      cost,
      model: result.model,
    })
    // The sweeper refunded this reservation (it took the run for abandoned): the row is still to deliver.
    if (delivered === 'reservation_settled') throw new AiProviderError('timeout')
    if (delivered === 'row_settled') {
      // Another run of this row delivered it first: its media are the row's; this run's go, with its charge.
      await media.discard()
      await refundQuietly(ctx.db, generationId, { error: 'Delivered by another run', latencyMs: latencyMs() })
      return 'open'
    }
    reportCommitted(ctx, kind, cost)
    return 'delivered'
  } catch (error) {
    await media.discard()
    return settleFailedAttempt(ctx, { row, generationId, kind, attempt, latencyMs: latencyMs() }, error)
  }
}
