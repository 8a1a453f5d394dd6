import type { QueryClient } from '@tanstack/react-query'

/**
 * After the signed-in user changes, every per-user answer in the cache is stale: reset them
 * (inactive ones lose their data, active ones refetch). The public setup (`system.config`) and
 * the identity query itself (`auth.me`) are handled by the caller.
 */
export function dropPerUserQueries(queryClient: QueryClient): void {
  void queryClient.resetQueries({
    predicate: (query) => {
      const path = query.queryKey[0]
      if (!Array.isArray(path)) return true
      const [router] = path as unknown[]
      return router !== 'system' && router !== 'auth'
    },
  })
}
