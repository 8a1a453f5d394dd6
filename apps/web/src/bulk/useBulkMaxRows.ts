import { useQuery } from '@tanstack/react-query'

import { useTRPC } from '../trpc/client.ts'

/**
 * The most rows a new run may hold: the operator's BULK_MAX_ROWS, from the `bulk.list` answer the
 * bulk page reads anyway (the same query as useBulkJobs, so no request of its own).
 */
export function useBulkMaxRows() {
  const trpc = useTRPC()
  return useQuery(trpc.bulk.list.queryOptions(undefined, { select: (answer) => answer.maxRows }))
}
