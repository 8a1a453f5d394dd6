import { keepPreviousData, useQuery } from '@tanstack/react-query'

import { useTRPC } from '../../../trpc/client.ts'
import type { StatsRangeDays } from '../admin-search.ts'
import { lastDays } from './stats-period.ts'

/** The dashboard's figures over the last `days` days; the previous range stays shown while the next loads. */
export function useAdminStats(days: StatsRangeDays) {
  const trpc = useTRPC()
  return useQuery(trpc.admin.stats.queryOptions(lastDays(days), { placeholderData: keepPreviousData }))
}
