import { CATALOGUE_STALE_MS } from './constants.ts'

/** A tRPC query key starts with the procedure's path: `[['tools', 'byCategory'], { input }]`. */
function isCategoryList({ queryKey: [path] }: { queryKey: readonly unknown[] }): boolean {
  return Array.isArray(path) && path[0] === 'tools' && path[1] === 'byCategory'
}

/**
 * Cache settings for catalogue lists, kept for ten minutes after the last view. A category's cards
 * are refetched on every visit (spec §4: changing category refetches), shown from the cache
 * meanwhile; search results and the rest stay fresh for a minute, so going back to a search
 * costs no request.
 */
export const catalogueQueryOptions = {
  staleTime: (query: { queryKey: readonly unknown[] }) => (isCategoryList(query) ? 0 : CATALOGUE_STALE_MS),
  gcTime: 10 * 60_000,
} as const
