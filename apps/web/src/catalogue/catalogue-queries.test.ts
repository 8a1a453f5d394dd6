import { QueryObserver } from '@tanstack/react-query'
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query'
import { describe, expect, it, vi } from 'vitest'

import type { AppRouter } from '@promptly/api/root'

import { createQueryClient } from '../app/query-client.ts'
import { fakeApi } from '../test/fake-api.ts'
import { createApiClient } from '../trpc/client.ts'
import { catalogueQueryOptions, markCategoryForRefetch } from './catalogue-queries.ts'

/** A query cache over the fake API, counting the All Tools requests it makes. */
function setUp() {
  const fetchMock = fakeApi({ 'tools.byCategory': [] })
  const queryClient = createQueryClient()
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: createApiClient('http://localhost/trpc'), queryClient })
  const options = trpc.tools.byCategory.queryOptions({ category: 'All Tools' }, catalogueQueryOptions)
  const requests = () => fetchMock.mock.calls.filter(([input]) => String(input).includes('tools.byCategory')).length
  return { queryClient, trpc, options, requests }
}

describe('choosing a category', () => {
  it('leaves an unshown category for its panel to refetch when it mounts: one request, not two', async () => {
    const { queryClient, trpc, options, requests } = setUp()
    await queryClient.prefetchQuery(options)
    expect(requests()).toBe(1)

    markCategoryForRefetch(queryClient, trpc, 'All Tools')
    expect(queryClient.getQueryState(options.queryKey)?.isInvalidated).toBe(true)
    expect(requests()).toBe(1)

    const panel = new QueryObserver(queryClient, options)
    const unmount = panel.subscribe(() => undefined)
    await vi.waitFor(() => expect(requests()).toBe(2))
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0))
    expect(requests()).toBe(2)
    unmount()
  })

  it('refetches a category whose panel is still mounted (an accordion item still collapsing)', async () => {
    const { queryClient, trpc, options, requests } = setUp()
    const panel = new QueryObserver(queryClient, options)
    const unmount = panel.subscribe(() => undefined)
    await vi.waitFor(() => expect(panel.getCurrentResult().isSuccess).toBe(true))
    expect(requests()).toBe(1)

    markCategoryForRefetch(queryClient, trpc, 'All Tools')
    await vi.waitFor(() => expect(requests()).toBe(2))
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0))
    expect(requests()).toBe(2)
    unmount()
  })
})
