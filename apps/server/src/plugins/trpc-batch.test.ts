import { createTRPCClient, httpBatchLink } from '@trpc/client'
import superjson from 'superjson'
import { describe, expect, it } from 'vitest'

import type { AppRouter } from '@promptly/api/root'
import { MAX_BATCH_SIZE } from '@promptly/api/transport/batch-size'

import { useTestApp } from '../testing/use-test-app.ts'

const t = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' }, listen: true })

/** One GET carrying `calls` signed-out `auth.me` queries, as httpBatchLink sends them. */
function batchOf(calls: number) {
  const paths = Array.from({ length: calls }, () => 'auth.me').join(',')
  return t.app.inject({ method: 'GET', url: `/trpc/${paths}?batch=1&input=${encodeURIComponent('{}')}` })
}

/** A client batching like the web app's, with or without its item limit. */
function batchingClient(maxItems?: number) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({ url: `${t.baseUrl}/trpc`, transformer: superjson, ...(maxItems !== undefined && { maxItems }) }),
    ],
  })
}

describe('tRPC batches', () => {
  it(`answers a batch of ${MAX_BATCH_SIZE} calls, one result each`, async () => {
    const res = await batchOf(MAX_BATCH_SIZE)
    expect(res.statusCode).toBe(200)
    expect(res.json<unknown[]>()).toHaveLength(MAX_BATCH_SIZE)
  })

  it(`refuses a batch of ${MAX_BATCH_SIZE + 1} calls with a 400 that says why`, async () => {
    const res = await batchOf(MAX_BATCH_SIZE + 1)
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('Batch call exceeds maximum size')
    expect(res.body).not.toMatch(/"stack"|\.ts:\d+/)
  })

  it('gets every answer for a client that batches at most MAX_BATCH_SIZE calls, as the web app does', async () => {
    const client = batchingClient(MAX_BATCH_SIZE)
    const answers = await Promise.all(Array.from({ length: MAX_BATCH_SIZE * 2 + 5 }, () => client.auth.me.query()))
    expect(answers).toEqual(Array.from({ length: MAX_BATCH_SIZE * 2 + 5 }, () => null))
  })

  it('refuses a client that batches without that limit', async () => {
    const client = batchingClient()
    await expect(Promise.all(Array.from({ length: MAX_BATCH_SIZE + 1 }, () => client.auth.me.query()))).rejects.toThrow(
      'Batch call exceeds maximum size',
    )
  })
})
