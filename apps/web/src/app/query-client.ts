import { QueryClient, type QueryState } from '@tanstack/react-query'

/** How many times a failed query is asked again, when its failure is worth asking again at all. */
const RETRIES = 1

/** How long an answer counts as fresh: within it, showing the same data again asks nothing. */
export const FRESH_FOR_MS = 30_000

/**
 * The HTTP status of a failed call, when the server answered: tRPC's client errors carry it in
 * `data.httpStatus`; a request that never got an answer (offline, connection reset) has none.
 */
export function httpStatusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null
  const data: unknown = error.data
  if (typeof data !== 'object' || data === null || !('httpStatus' in data)) return null
  return typeof data.httpStatus === 'number' ? data.httpStatus : null
}

/**
 * Only a failure that may go away on its own is asked again, once: no answer at all, or a 5xx. A
 * 4xx is the server's considered answer (an unknown tool, a refusal): asking again only delays it.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= RETRIES) return false
  const status = httpStatusOf(error)
  return status === null || status >= 500
}

/**
 * Whether the cache holds a 4xx answer younger than an answer stays fresh. React Query asks a
 * failed query again whenever a component using it mounts; when the refusal is that recent, asking
 * only repeats the question (a route's loader may start the fetch, and the answer may beat the
 * page's own mount). Used as `retryOnMount: !holdsFreshRefusal(...)` and before a prefetch.
 */
export function holdsFreshRefusal(
  state: Pick<QueryState, 'status' | 'error' | 'errorUpdatedAt'> | undefined,
  now = Date.now(),
): boolean {
  if (state?.status !== 'error') return false
  const status = httpStatusOf(state.error)
  return status !== null && status >= 400 && status < 500 && now - state.errorUpdatedAt < FRESH_FOR_MS
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: FRESH_FOR_MS,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
    },
  })
}
