import type { InfiniteData, QueryClient } from '@tanstack/react-query'

import type { HistoryOutput } from '@promptly/api/generation/history.schema'

import type { useTRPC } from '../trpc/client.ts'

/** Rows per page of /history. */
export const HISTORY_PAGE_SIZE = 20

type Trpc = ReturnType<typeof useTRPC>

/**
 * Drops a deleted generation from every cached history list at once (so the list updates without
 * waiting), then has them re-read from the server, along with anything cached about that entry.
 */
export async function forgetGeneration(queryClient: QueryClient, trpc: Trpc, id: string): Promise<void> {
  queryClient.setQueriesData<InfiniteData<HistoryOutput>>(trpc.generation.history.pathFilter(), (data) =>
    data && Array.isArray(data.pages)
      ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.id !== id) })) }
      : data,
  )
  queryClient.removeQueries({ queryKey: trpc.generation.get.queryKey({ id }) })
  await queryClient.invalidateQueries(trpc.generation.history.pathFilter())
}
