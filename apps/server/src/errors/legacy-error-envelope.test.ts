import { describe, expect, it } from 'vitest'
import { z } from 'zod'

import { AiProviderError } from '@promptly/ai/errors'
import { AppError } from '@promptly/core/errors/app-error'

import { bareLegacyError, legacyErrorBody, toLegacyError } from './legacy-error-envelope.ts'

describe('toLegacyError', () => {
  it('maps domain errors to their status with the user-facing text in error and message', () => {
    expect(toLegacyError(new AppError('NOT_FOUND', 'No such tool'))).toEqual({
      statusCode: 404,
      body: { status: 'error', error: 'No such tool', message: 'No such tool', code: 'NOT_FOUND' },
    })
  })

  it('turns a validation failure into a 400 that names the field', () => {
    const parsed = z.object({ n: z.number().max(10) }).safeParse({ n: 11 })
    const { statusCode, body } = toLegacyError(parsed.error)
    expect(statusCode).toBe(400)
    expect(body.message).toMatch(/^n: /)
  })

  it('keeps Fastify 4xx statuses (oversized body, bad JSON) with a generic text', () => {
    expect(toLegacyError({ statusCode: 413, message: 'Request body is too large: 2000000 bytes' })).toMatchObject({
      statusCode: 413,
      body: { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' },
    })
  })

  it('answers a URL the router cannot decode with a 400 that says how to write a %', () => {
    const routerError = Object.assign(new URIError("'/api/v1/x/100%' is not a valid url component"), {
      code: 'FST_ERR_BAD_URL',
      statusCode: 400,
    })
    expect(toLegacyError(routerError)).toEqual({
      statusCode: 400,
      body: {
        status: 'error',
        error: 'The address is not valid: write a % in it as %25',
        message: 'The address is not valid: write a % in it as %25',
        code: 'BAD_REQUEST',
      },
    })
  })

  it('keeps the 414 of an over-long path segment, without echoing the path', () => {
    const routerError = Object.assign(new URIError("'/api/v1/x/aaaa' is exceeding the max param length"), {
      code: 'FST_ERR_MAX_PARAM_LENGTH',
      statusCode: 414,
    })
    const { statusCode, body } = toLegacyError(routerError)
    expect({ statusCode, body }).toMatchObject({
      statusCode: 414,
      body: { code: 'URI_TOO_LONG', message: 'The address is too long' },
    })
    expect(JSON.stringify(body)).not.toContain('aaaa')
  })

  it('hides everything about unexpected errors', () => {
    const { statusCode, body } = toLegacyError(new Error('connection to 10.0.0.5 refused, password=hunter2'))
    expect(statusCode).toBe(500)
    expect(JSON.stringify(body)).not.toMatch(/10\.0\.0\.5|hunter2|stack/)
  })

  it("maps AI provider failures to a status with the provider error's own user message", () => {
    const cases = [
      ['rate_limited', 429],
      ['unavailable', 503],
      ['timeout', 504],
      ['cancelled', 499],
      ['bad_request', 400],
      ['unsupported', 501],
    ] as const
    for (const [code, status] of cases) {
      const error = new AiProviderError(code)
      expect(toLegacyError(error)).toMatchObject({
        statusCode: status,
        body: { status: 'error', error: error.message, message: error.message },
      })
    }
  })
})

describe('the bodies written by hand at the doors that choose their own words', () => {
  it('puts the words in error and message, in the order the wire has always carried', () => {
    expect(JSON.stringify(legacyErrorBody('BAD_REQUEST', 'No signatures found'))).toBe(
      '{"status":"error","error":"No signatures found","message":"No signatures found","code":"BAD_REQUEST"}',
    )
  })

  it("keeps /health's shorter body: the status word and the message", () => {
    expect(JSON.stringify(bareLegacyError('Database unavailable'))).toBe(
      '{"status":"error","message":"Database unavailable"}',
    )
  })
})
