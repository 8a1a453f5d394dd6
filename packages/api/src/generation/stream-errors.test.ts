import { TRPCError } from '@trpc/server'
import { describe, expect, it } from 'vitest'

import { AI_ERROR_MESSAGES, AiProviderError } from '@promptly/ai/errors'
import { AppError } from '@promptly/core/errors/app-error'

import { toStreamError, withStreamErrors } from './stream-errors.ts'

describe('withStreamErrors', () => {
  it('gives errors thrown mid-stream their tRPC code and keeps the user-safe message', async () => {
    async function* failing(error: Error): AsyncGenerator<number, void, undefined> {
      yield 1
      throw error
    }
    const seen: number[] = []
    const error = await (async () => {
      for await (const value of withStreamErrors(failing(new AppError('PAYMENT_REQUIRED', 'Upgrade at /plan'))))
        seen.push(value)
    })().catch((caught: unknown) => caught)
    expect(seen).toEqual([1])
    expect(error).toBeInstanceOf(TRPCError)
    expect(error).toMatchObject({ code: 'PAYMENT_REQUIRED', message: 'Upgrade at /plan' })
  })

  it('maps every provider failure to a code with its own message', () => {
    expect(toStreamError(new AiProviderError('rate_limited'))).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: AI_ERROR_MESSAGES.rate_limited,
    })
    expect(toStreamError(new AiProviderError('unavailable'))).toMatchObject({ code: 'SERVICE_UNAVAILABLE' })
    expect(toStreamError(new AiProviderError('timeout'))).toMatchObject({ code: 'GATEWAY_TIMEOUT' })
    expect(toStreamError(new AiProviderError('cancelled'))).toMatchObject({ code: 'CLIENT_CLOSED_REQUEST' })
    expect(toStreamError(new AiProviderError('unsupported'))).toMatchObject({ code: 'NOT_IMPLEMENTED' })
    const unknown = new Error('database exploded')
    expect(toStreamError(unknown)).toBe(unknown)
  })

  it("passes the consumer's early stop through, so the inner generator's clean-up runs", async () => {
    let cleanedUp = false
    async function* endless(): AsyncGenerator<number, void, undefined> {
      try {
        for (let value = 0; ; value += 1) yield value
      } finally {
        cleanedUp = true
      }
    }
    for await (const value of withStreamErrors(endless())) if (value === 2) break
    expect(cleanedUp).toBe(true)
  })
})
