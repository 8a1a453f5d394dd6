import { AiProviderError } from '@promptly/ai/errors'
import type { ToolKind } from '@promptly/db/generated/prisma/enums'

import type { AuthedContext } from '../context.ts'
import { refundQuietly } from '../credits/reservation/refund-reservation.ts'
import { reportFailed } from '../generation/generation-reports.ts'
import { FAILED_GENERATION_ERROR } from '../generation/stream-generation.ts'
import { generationErrorClass } from '../telemetry/generation-error-class.ts'
import { RowRetry, type RowAttempt } from './row-queue.ts'
import { failRow } from './row-settlement.ts'

export interface FailedAttempt {
  row: { id: string; jobId: string }
  generationId: string
  kind: ToolKind
  attempt: RowAttempt
  latencyMs: number
}

/**
 * A row's run that will not deliver: its reservation refunded, then a provider error worth retrying
 * (rate limit, unavailable, timeout, or anything of ours) handed back to the queue as a RowRetry,
 * until the final attempt, which marks the row failed with a user-safe message (the row settled).
 */
export async function settleFailedAttempt(
  ctx: AuthedContext,
  { row, generationId, kind, attempt, latencyMs }: FailedAttempt,
  error: unknown,
): Promise<'settled'> {
  const message = error instanceof AiProviderError ? error.message : FAILED_GENERATION_ERROR
  await refundQuietly(ctx.db, generationId, { error: message, latencyMs }, ctx.telemetry)
  reportFailed(ctx, kind, generationErrorClass(error))
  const worthRetrying = !(error instanceof AiProviderError) || error.retryable
  if (worthRetrying && !attempt.final) {
    const provider = error instanceof AiProviderError ? error : undefined
    // A provider that said how long to wait is taken at its word; otherwise the queue's backoff.
    throw new RowRetry(message, {
      rateLimited: provider?.code === 'rate_limited',
      ...(provider?.details.retryAfterMs === undefined ? {} : { delayMs: provider.details.retryAfterMs }),
    })
  }
  await failRow(ctx.db, row, message)
  return 'settled'
}
