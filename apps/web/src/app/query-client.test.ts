import { TRPCClientError } from '@trpc/client'
import { describe, expect, it, vi } from 'vitest'

import { createQueryClient, shouldRetry } from './query-client.ts'

/** A tRPC client error as the client builds it from an answer with `httpStatus`. */
function answered(httpStatus: number) {
  return new TRPCClientError('refused', { result: { error: { data: { httpStatus } } } } as never)
}

/** How many times the app's query client calls a query that always fails with `error`. */
async function attempts(error: unknown): Promise<number> {
  const queryFn = vi.fn(() => Promise.reject(error))
  await createQueryClient()
    .fetchQuery({ queryKey: ['failing'], queryFn, retryDelay: 0 })
    .catch(() => undefined)
  return queryFn.mock.calls.length
}

describe('the query client retry rule', () => {
  it('never asks again after a 4xx answer', async () => {
    expect(await attempts(answered(404))).toBe(1)
    expect(await attempts(answered(401))).toBe(1)
    expect(shouldRetry(0, answered(429))).toBe(false)
  })

  it('asks once more after a 5xx answer or no answer at all', async () => {
    expect(await attempts(answered(503))).toBe(2)
    expect(await attempts(new TRPCClientError('Failed to fetch'))).toBe(2)
    expect(await attempts(new TypeError('Failed to fetch'))).toBe(2)
  })
})
