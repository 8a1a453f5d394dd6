import type { QueryClient } from '@tanstack/react-query'
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query'

import type { AppRouter } from '@promptly/api/root'

import { CATALOGUE_STALE_MS } from './constants.ts'

/**
 * Cache settings for catalogue lists: fresh for a minute (going back to a search or to the
 * profile costs no request), kept for ten minutes after the last view. A category's cards are
 * refetched when the visitor chooses it (spec §4: changing category refetches; see
 * markCategoryForRefetch), not when the catalogue first shows the list the route's loader has
 * just fetched.
 */
export const catalogueQueryOptions = {
  staleTime: CATALOGUE_STALE_MS,
  gcTime: 10 * 60_000,
} as const

/**
 * Marks a category's cards stale: its panel, mounting next, shows the cached cards and refetches
 * them behind. A panel still mounted (a collapsing accordion item keeps its content until its
 * transition ends, later on a busy phone) is refetched at once instead, so choosing a category
 * asks for its cards exactly once either way.
 */
export function markCategoryForRefetch(
  queryClient: QueryClient,
  trpc: TRPCOptionsProxy<AppRouter>,
  category: string,
): void {
  void queryClient.invalidateQueries({ queryKey: trpc.tools.byCategory.queryKey({ category }), refetchType: 'active' })
}
