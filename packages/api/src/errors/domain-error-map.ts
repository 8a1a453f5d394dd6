import { TRPCError } from '@trpc/server'
import { getHTTPStatusCodeFromError } from '@trpc/server/http'

import { AiProviderError, type AiErrorCode } from '@promptly/ai/errors'
import { AppError, type AppErrorCode } from '@promptly/core/errors/app-error'

/**
 * The one place a domain error (AppError, and the AI provider's AiProviderError) becomes a code and
 * an HTTP status. Every tRPC procedure (trpc.ts), the streamed run (stream-errors.ts) and the legacy
 * error envelope (apps/server errors/legacy-error-envelope.ts) read it, so a failure answers alike
 * through every door.
 * The HTTP status is tRPC's own for the code, so a tRPC client and a REST script see the same number.
 */
export type ErrorCode = TRPCError['code']

/** AppError's codes are tRPC's names already; listed so a new AppError code must be placed here. */
const APP_ERROR_CODE = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYMENT_REQUIRED: 'PAYMENT_REQUIRED',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
} as const satisfies Record<AppErrorCode, ErrorCode>

/** Provider failures: busy 429, down 503, slow 504, the caller left 499, refused input 400, missing 501. */
const AI_ERROR_CODE = {
  rate_limited: 'TOO_MANY_REQUESTS',
  unavailable: 'SERVICE_UNAVAILABLE',
  timeout: 'GATEWAY_TIMEOUT',
  cancelled: 'CLIENT_CLOSED_REQUEST',
  bad_request: 'BAD_REQUEST',
  unsupported: 'NOT_IMPLEMENTED',
} as const satisfies Record<AiErrorCode, ErrorCode>

export interface DomainFailure {
  code: ErrorCode
  httpStatus: number
  /** Written for users by whoever threw it: safe to send as it is. */
  message: string
}

/** The code, status and message of a domain error; undefined for anything else (ours: a 500, hidden). */
export function domainFailureOf(error: unknown): DomainFailure | undefined {
  const code =
    error instanceof AppError
      ? APP_ERROR_CODE[error.code]
      : error instanceof AiProviderError
        ? AI_ERROR_CODE[error.code]
        : undefined
  if (code === undefined || !(error instanceof Error)) return undefined
  return { code, httpStatus: httpStatusOf(code), message: error.message }
}

/** The tRPC error a domain error becomes; undefined for anything that is not one. */
export function toTrpcError(error: unknown): TRPCError | undefined {
  const failure = domainFailureOf(error)
  return failure && new TRPCError({ code: failure.code, message: failure.message, cause: error })
}

/** tRPC's HTTP status for a code (BAD_REQUEST 400, SERVICE_UNAVAILABLE 503, CLIENT_CLOSED_REQUEST 499...). */
export function httpStatusOf(code: ErrorCode): number {
  return getHTTPStatusCodeFromError(new TRPCError({ code }))
}
