import { CATALOGUE_STALE_MS } from './constants.ts'

/**
 * Cache settings for catalogue lists: fresh for a minute (switching back to a category within it
 * costs no request), kept for ten after the last view.
 */
export const catalogueQueryOptions = { staleTime: CATALOGUE_STALE_MS, gcTime: 10 * 60_000 } as const
