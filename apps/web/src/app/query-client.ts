import { QueryClient } from '@tanstack/react-query'

/** How many times a failed query is asked again, when its failure is worth asking again at all. */
const RETRIES = 1

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

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
    },
  })
}
