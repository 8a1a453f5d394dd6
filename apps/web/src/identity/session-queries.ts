import type { Query, QueryClient } from '@tanstack/react-query'

/**
 * Answers that are the same for every visitor, kept across a change of user. Everything else is
 * treated as per-user, including procedures added later: the tool lists and tools.get carry
 * isBookmarked, bookmarks, credits and generations are the user's own. The identity query itself
 * (`auth.*`) is the caller's business.
 */
const SHARED_ANSWERS = new Set(['system.config', 'tools.categories'])

export function isPerUser({ queryKey: [path] }: Query): boolean {
  // tRPC keys start with the procedure's path (`[['tools', 'byCategory'], { input }]`).
  if (!Array.isArray(path)) return true
  return path[0] !== 'auth' && !SHARED_ANSWERS.has(path.join('.'))
}

/**
 * Forgets every per-user answer, for when the cache may hold a signed-in user's data and the user
 * has changed (sign-out, another account): their data must never show to the next visitor, so it
 * is removed, not just marked stale (active queries refetch, inactive ones start afresh).
 */
export function dropPerUserQueries(queryClient: QueryClient): void {
  void queryClient.resetQueries({ predicate: isPerUser })
}
