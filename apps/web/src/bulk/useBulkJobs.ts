import { useQuery } from '@tanstack/react-query'

import { useTRPC } from '../trpc/client.ts'
import { jobPollInterval } from './bulk-progress.ts'

/**
 * The user's bulk runs (`bulk.list`, newest first), read again now and then while one of them
 * still runs. One query, so /bulk and History's "Bulk runs" share its answer and its polling.
 */
export function useBulkJobs() {
  const trpc = useTRPC()
  return useQuery(
    trpc.bulk.list.queryOptions(undefined, {
      select: (answer) => answer.jobs,
      refetchInterval: (query) => {
        const intervals = (query.state.data?.jobs ?? []).map((job) => jobPollInterval(job))
        const active = intervals.filter((interval): interval is number => interval !== false)
        return active.length > 0 ? Math.max(...active) : false
      },
    }),
  )
}
