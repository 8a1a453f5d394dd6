import type { QueryClient } from '@tanstack/react-query'

import { dropPerUserQueries, isPerUser } from './session-queries.ts'

// Apart from session-queries.ts: only the Clerk provider, loaded lazily, needs it, and the home page's JavaScript is on
// a budget.

/** Whom each cache's answers were fetched for; a cache nobody signed in to yet holds a signed-out visitor's. */
const cacheUsers = new WeakMap<QueryClient, string | null>()

/**
 * Brings the cache in line with the visitor `userId` (null: signed out), for a provider that reports
 * the user whenever it (re)loads. Nothing happens when they are the one the cache was filled for, so
 * a signed-out visitor's first load keeps what the route prefetched. After a signed-out visitor
 * signs in, the cached answers hold nothing private: they stay on screen while they refetch with
 * the user's flags. After a signed-in user leaves, their answers are dropped.
 */
export function followSessionUser(queryClient: QueryClient, userId: string | null): void {
  const previous = cacheUsers.get(queryClient) ?? null
  if (previous === userId) return
  cacheUsers.set(queryClient, userId)
  if (previous === null) void queryClient.invalidateQueries({ predicate: isPerUser })
  else dropPerUserQueries(queryClient)
}
