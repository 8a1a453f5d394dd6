import { dehydrate, hydrate, QueryClient, QueryObserver, type DehydratedState } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'

import { createQueryClient, FRESH_FOR_MS } from '../app/query-client.ts'
import { receivedNow } from './page-answers.ts'

const LISTS = ['tools', 'byCategory']

/** What a server rendered at `renderedAt`: one answered query and one that failed. */
async function pageRenderedAt(renderedAt: number): Promise<DehydratedState> {
  vi.setSystemTime(renderedAt)
  const server = new QueryClient()
  await server.prefetchQuery({ queryKey: LISTS, queryFn: () => ['X bio'] })
  return dehydrate(server)
}

/** How many times the browser asks for the list when the page mounts it after hydrating `state`. */
async function asksOnMount(state: DehydratedState): Promise<number> {
  const browser = createQueryClient()
  hydrate(browser, state)
  const queryFn = vi.fn(() => Promise.resolve(['X bio']))
  const unsubscribe = new QueryObserver(browser, { queryKey: LISTS, queryFn }).subscribe(() => undefined)
  await vi.waitFor(() => expect(browser.isFetching()).toBe(0))
  unsubscribe()
  return queryFn.mock.calls.length
}

describe("a server-rendered page's answers", () => {
  it('count as received when the page arrives, however long it waited in the page cache', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const now = 10_000_000
      const page = await pageRenderedAt(now - FRESH_FOR_MS - 20_000)
      vi.setSystemTime(now)
      expect(await asksOnMount(receivedNow(page))).toBe(0)
      // As the server stamped it, the same page asks again for what it already shows.
      expect(await asksOnMount(page)).toBe(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('keeps what the server sent but the stamp', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const page = await pageRenderedAt(5)
      const [query] = receivedNow(page, 99).queries
      expect(query?.state).toMatchObject({ data: ['X bio'], dataUpdatedAt: 99, status: 'success' })
      expect(query?.queryHash).toBe(page.queries[0]?.queryHash)
    } finally {
      vi.useRealTimers()
    }
  })
})
