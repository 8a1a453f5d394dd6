import { TRPCError } from '@trpc/server'
import { describe, expect, it } from 'vitest'

import { AI_ERROR_MESSAGES, AiProviderError, type AiErrorCode } from '@promptly/ai/errors'
import { AppError, type AppErrorCode } from '@promptly/core/errors/app-error'

import { domainFailureOf, toTrpcError } from './domain-error-map.ts'

describe('the one map of domain errors', () => {
  it.each([
    ['BAD_REQUEST', 400],
    ['UNAUTHORIZED', 401],
    ['PAYMENT_REQUIRED', 402],
    ['FORBIDDEN', 403],
    ['NOT_FOUND', 404],
    ['CONFLICT', 409],
    ['TOO_MANY_REQUESTS', 429],
  ] as Array<[AppErrorCode, number]>)(
    'gives AppError %s its own code and HTTP %i, with its message',
    (code, status) => {
      expect(domainFailureOf(new AppError(code, 'Said to the user'))).toEqual({
        code,
        httpStatus: status,
        message: 'Said to the user',
      })
    },
  )

  it.each([
    ['rate_limited', 'TOO_MANY_REQUESTS', 429],
    ['unavailable', 'SERVICE_UNAVAILABLE', 503],
    ['timeout', 'GATEWAY_TIMEOUT', 504],
    ['cancelled', 'CLIENT_CLOSED_REQUEST', 499],
    ['bad_request', 'BAD_REQUEST', 400],
  ] as Array<[Exclude<AiErrorCode, 'unsupported'>, string, number]>)(
    'maps the provider failure %s to %s (%i)',
    (aiCode, code, status) => {
      expect(domainFailureOf(new AiProviderError(aiCode))).toEqual({
        code,
        httpStatus: status,
        message: AI_ERROR_MESSAGES[aiCode],
      })
    },
  )

  it('says what is missing when the AI server lacks a capability (501)', () => {
    const failure = domainFailureOf(new AiProviderError('unsupported', { capability: 'speech' }))
    expect(failure).toEqual({
      code: 'NOT_IMPLEMENTED',
      httpStatus: 501,
      message: 'Text to audio is not available with this AI server.',
    })
  })

  it('leaves everything else unmapped, so it stays a hidden 500', () => {
    expect(domainFailureOf(new Error('database exploded'))).toBeUndefined()
    expect(domainFailureOf({ code: 'NOT_FOUND', message: 'looks like one' })).toBeUndefined()
    expect(toTrpcError(new TypeError('x is undefined'))).toBeUndefined()
  })

  it("keeps the domain error as the tRPC error's cause", () => {
    const cause = new AppError('NOT_FOUND', 'No such tool')
    const mapped = toTrpcError(cause)
    expect(mapped).toBeInstanceOf(TRPCError)
    expect(mapped).toMatchObject({ code: 'NOT_FOUND', message: 'No such tool', cause })
  })
})
