import { AiProviderError, type AiErrorCode } from '@promptly/ai/errors'
import { AppError } from '@promptly/core/errors/app-error'
import { TRPCError } from '@trpc/server'

/** How each provider failure reaches a tRPC client; the message is always AiProviderError's own. */
const PROVIDER_ERROR_CODE = {
  rate_limited: 'TOO_MANY_REQUESTS',
  unavailable: 'SERVICE_UNAVAILABLE',
  timeout: 'GATEWAY_TIMEOUT',
  cancelled: 'CLIENT_CLOSED_REQUEST',
  bad_request: 'BAD_REQUEST',
  unsupported: 'NOT_IMPLEMENTED',
} as const satisfies Record<AiErrorCode, TRPCError['code']>

/** The tRPC error for a failure thrown while a stream runs; anything unknown stays as it is (a 500). */
export function toStreamError(error: unknown): unknown {
  if (error instanceof AppError) return new TRPCError({ code: error.code, message: error.message, cause: error })
  if (error instanceof AiProviderError) return new TRPCError({ code: PROVIDER_ERROR_CODE[error.code], message: error.message, cause: error })
  return error
}

/**
 * trpc.ts maps AppError once for every procedure, but only for errors thrown before a procedure
 * returns: what a streamed procedure's generator throws later reaches the client without passing
 * that middleware. This wrapper gives those the same codes and user-safe messages. `yield*` passes
 * the consumer's `return()` through, so the inner generator's clean-up (the refund) still runs.
 */
export async function* withStreamErrors<T>(events: AsyncGenerator<T, void, undefined>): AsyncGenerator<T, void, undefined> {
  try {
    yield* events
  } catch (error) {
    throw toStreamError(error)
  }
}
