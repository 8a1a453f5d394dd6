import { QueryObserver } from '@tanstack/react-query'
import { TRPCClientError } from '@trpc/client'
import { describe, expect, it, vi } from 'vitest'

import { createQueryClient, FRESH_FOR_MS, holdsFreshRefusal, shouldRetry } from './query-client.ts'

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

describe('a fresh refusal in the cache', () => {
  const failed = (error: Error, errorUpdatedAt: number) => ({ status: 'error' as const, error, errorUpdatedAt })

  it('is a 4xx answer younger than an answer stays fresh', () => {
    const now = 1_000_000
    expect(holdsFreshRefusal(failed(answered(404), now - 1), now)).toBe(true)
    expect(holdsFreshRefusal(failed(answered(400), now - FRESH_FOR_MS + 1), now)).toBe(true)
    expect(holdsFreshRefusal(failed(answered(404), now - FRESH_FOR_MS), now)).toBe(false)
  })

  it('is never a 5xx, a lost request, a success or an empty cache', () => {
    const now = 1_000_000
    expect(holdsFreshRefusal(failed(answered(503), now), now)).toBe(false)
    expect(holdsFreshRefusal(failed(new TypeError('Failed to fetch'), now), now)).toBe(false)
    expect(holdsFreshRefusal({ status: 'success', error: null, errorUpdatedAt: 0 }, now)).toBe(false)
    expect(holdsFreshRefusal(undefined, now)).toBe(false)
  })

  /** How many times a query is called when a page mounts after a prefetch that failed with `error`. */
  async function callsAfterMount(error: unknown): Promise<number> {
    const client = createQueryClient()
    const queryKey = ['tool']
    const queryFn = vi.fn(() => Promise.reject(error))
    await client.prefetchQuery({ queryKey, queryFn, retry: false })
    const retryOnMount = !holdsFreshRefusal(client.getQueryState(queryKey))
    const observer = new QueryObserver(client, { queryKey, queryFn, retry: false, retryOnMount })
    const unsubscribe = observer.subscribe(() => undefined)
    await vi.waitFor(() => expect(client.isFetching()).toBe(0))
    unsubscribe()
    return queryFn.mock.calls.length
  }

  it('keeps a page that mounts after its prefetch failed from asking the same 4xx again', async () => {
    expect(await callsAfterMount(answered(404))).toBe(1)
    // Without it, React Query asks again on mount: what the rule exists to stop.
    expect(await callsAfterMount(answered(503))).toBe(2)
  })
})
