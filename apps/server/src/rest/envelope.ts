import { z, ZodError } from 'zod'

import { domainFailureOf } from '@promptly/api/errors/domain-error-map'

/**
 * The original backend's status words (its responseCodes.utils): `OK` with a 200, `Inserted` with a
 * 201 (a resource created), `error` with any failure. Scripts written against it compare them.
 */
export const LEGACY_STATUS = { ok: 'OK', inserted: 'Inserted' } as const

/**
 * The legacy REST envelope third-party scripts depend on: `{ status, message, data }`.
 * The objects calls carry their payload in `message`; bookmarks, responses, limits and plans in `data`.
 * `created` is the same envelope for a 201.
 */
export const legacy = {
  inMessage: <T>(message: T) => ({ status: LEGACY_STATUS.ok, message }),
  inData: <T>(data: T, message = 'OK') => ({ status: LEGACY_STATUS.ok, message, data }),
  created: {
    inMessage: <T>(message: T) => ({ status: LEGACY_STATUS.inserted, message }),
    inData: <T>(data: T, message: string) => ({ status: LEGACY_STATUS.inserted, message, data }),
  },
}

const okStatus = z.literal(LEGACY_STATUS.ok).describe("The original's word for a 200")
const insertedStatus = z.literal(LEGACY_STATUS.inserted).describe("The original's word for a 201 (created)")

/** The success envelopes' schemas, for route responses (serialized through them) and the OpenAPI document. */
export const legacySchema = {
  inMessage: <T extends z.ZodType>(message: T) => z.object({ status: okStatus, message }),
  inData: <T extends z.ZodType>(data: T) => z.object({ status: okStatus, message: z.string(), data }),
  created: {
    inMessage: <T extends z.ZodType>(message: T) => z.object({ status: insertedStatus, message }),
    inData: <T extends z.ZodType>(data: T) => z.object({ status: insertedStatus, message: z.string(), data }),
  },
}

/** `error` holds the user-facing text (the legacy client showed it as is); `code` is for programs. */
export const legacyErrorSchema = z
  .object({
    status: z.literal('error'),
    error: z.string().describe('The text to show the user'),
    message: z.string().describe('The same text'),
    code: z.string().describe('For programs: BAD_REQUEST, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, ...'),
  })
  .describe('The legacy error envelope')
export type LegacyError = z.infer<typeof legacyErrorSchema>

/** A route's answers: its success envelope(s) by status, and the error envelope for any 4xx or 5xx. */
export function legacyResponses<T extends Record<number, z.ZodType>>(success: T) {
  return { ...success, '4xx': legacyErrorSchema, '5xx': legacyErrorSchema }
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
  return { statusCode, body: { status: 'error' as const, error: message, message, code } }
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
