import { z, ZodError } from 'zod'

import { domainFailureOf } from '@promptly/api/errors/domain-error-map'

/**
 * The legacy error envelope, the one body every failure answers with at every door (REST, the
 * app's error handler, the payment webhook, the web app's API misses): `{ status: 'error', error,
 * message, code }`. Third-party scripts written against the original backend compare `status` and
 * show `error`; the success envelopes are the REST routes' own (rest/envelope.ts).
 */

/** The original backend's status word for any failure. */
export const LEGACY_ERROR_STATUS = 'error'

/** `error` holds the user-facing text (the legacy client showed it as is); `code` is for programs. */
export const legacyErrorSchema = z
  .object({
    status: z.literal(LEGACY_ERROR_STATUS),
    error: z.string().describe('The text to show the user'),
    message: z.string().describe('The same text'),
    code: z.string().describe('For programs: BAD_REQUEST, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, ...'),
  })
  .describe('The legacy error envelope')
export type LegacyError = z.infer<typeof legacyErrorSchema>

/** The envelope for a failure whose words the caller chose (`code` as in domain-error-map.ts). */
export function legacyErrorBody(code: string, message: string): LegacyError {
  return { status: LEGACY_ERROR_STATUS, error: message, message, code }
}

/**
 * The status word and a message, nothing else: /health's 503, which monitors read by its status
 * and which has answered in this shorter form since before the envelope carried a code.
 */
export function bareLegacyError(message: string): { status: typeof LEGACY_ERROR_STATUS; message: string } {
  return { status: LEGACY_ERROR_STATUS, message }
}

/** The router could not percent-decode the path: the likely cause is a `%` sent as is. */
const UNDECODABLE_URL_MESSAGE = 'The address is not valid: write a % in it as %25'

const GENERIC_MESSAGE: Record<number, string> = {
  400: 'The request is not valid',
  401: 'Please Signin to continue',
  403: 'You are not allowed to do this',
  404: 'Not found',
  405: 'This method is not allowed here',
  413: 'The request is too large',
  414: 'The address is too long',
  415: 'Unsupported content type',
  429: 'Too many requests. Please slow down and try again shortly.',
}

/** Maps any thrown value to an HTTP status and the legacy error body. Internal details never leak. */
export function toLegacyError(error: unknown): { statusCode: number; body: LegacyError } {
  // Domain errors (AppError, AiProviderError) take their status from the one map tRPC uses too.
  const failure = domainFailureOf(error)
  if (failure) return shape(failure.httpStatus, failure.code, failure.message)
  if (error instanceof ZodError) {
    const issue = error.issues[0]
    return shape(400, 'BAD_REQUEST', issue ? issueMessage(issue.path, issue.message) : GENERIC_MESSAGE[400]!)
  }
  if (isFastifyError(error, 'FST_ERR_BAD_URL')) return shape(400, 'BAD_REQUEST', UNDECODABLE_URL_MESSAGE)
  const statusCode = httpStatusOf(error)
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
    return shape(statusCode, codeFor(statusCode), GENERIC_MESSAGE[statusCode] ?? GENERIC_MESSAGE[400]!)
  }
  return shape(500, 'INTERNAL_SERVER_ERROR', 'Something went wrong. Please try again.')
}

/** `groups.0.1: Please fill in ...`: where the input is wrong, then what is wrong with it. */
export function issueMessage(path: readonly PropertyKey[], message: string): string {
  return path.length > 0 ? `${path.map(String).join('.')}: ${message}` : message
}

function shape(statusCode: number, code: string, message: string) {
  return { statusCode, body: legacyErrorBody(code, message) }
}

function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return undefined
  return typeof error.statusCode === 'number' ? error.statusCode : undefined
}

function isFastifyError(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code
}

function codeFor(statusCode: number): string {
  const names: Record<number, string> = {
    400: 'BAD_REQUEST',
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    405: 'METHOD_NOT_ALLOWED',
    406: 'NOT_ACCEPTABLE',
    413: 'PAYLOAD_TOO_LARGE',
    414: 'URI_TOO_LONG',
    415: 'UNSUPPORTED_MEDIA_TYPE',
    429: 'TOO_MANY_REQUESTS',
  }
  return names[statusCode] ?? 'BAD_REQUEST'
}
