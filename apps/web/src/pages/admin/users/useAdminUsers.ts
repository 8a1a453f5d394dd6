import { useInfiniteQuery } from '@tanstack/react-query'

import { useTRPC } from '../../../trpc/client.ts'
import type { SortOrder, UserSort } from '../admin-search.ts'

/** Rows per page of the users table. */
export const USERS_PAGE_SIZE = 25

export interface UsersQuery {
  search: string
  sort: UserSort
  /** Undefined: the sort's natural order (the server's DEFAULT_ORDER). */
  order: SortOrder | undefined
}

/** The users table, page by page ('Load more' follows the server's cursor). */
export function useAdminUsers({ search, sort, order }: UsersQuery) {
  const trpc = useTRPC()
  return useInfiniteQuery(
    trpc.admin.users.list.infiniteQueryOptions(
      { limit: USERS_PAGE_SIZE, sort, ...(order ? { order } : {}), ...(search ? { search } : {}) },
      // The previous results stay on screen while a new search or sort loads.
      { getNextPageParam: (page) => page.nextCursor ?? undefined, placeholderData: (previous) => previous },
    ),
  )
}
