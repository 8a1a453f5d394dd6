import { SORT_ORDERS, USER_SORTS, type SortOrder, type UserSort } from '@promptly/api/admin/users-list.schema'

/*
 * /admin's search parameters. The route keeps them as text (its validateSearch runs on the entry
 * chunk, which every visitor loads); the console reads them into its own types here, in its chunk.
 */

export type { SortOrder, UserSort }

export const ADMIN_TABS = ['users', 'plans', 'dashboard'] as const
export type AdminTab = (typeof ADMIN_TABS)[number]

/** The ranges the dashboard offers, in days ending today. */
export const STATS_RANGES = [7, 30, 90, 365] as const
export type StatsRangeDays = (typeof STATS_RANGES)[number]
export const DEFAULT_STATS_RANGE: StatsRangeDays = 30

/** The parameters as the address holds them. The range reads "7d": a bare number would be quoted when written. */
export type AdminSearchParams = Partial<Record<'tab' | 'q' | 'sort' | 'order' | 'range', string>>

export interface AdminSearch {
  tab?: AdminTab
  /** The users tab's search text. */
  q?: string
  sort?: UserSort
  order?: SortOrder
  /** The dashboard's range. */
  days?: StatsRangeDays
}

function oneOf<T extends string | number>(values: readonly T[], value: string | undefined): T | undefined {
  return values.find((allowed) => String(allowed) === value)
}

/** Keeps what /admin understands and drops the rest (a hand-edited address never breaks the page). */
export function parseAdminSearch(params: AdminSearchParams): AdminSearch {
  const tab = oneOf(ADMIN_TABS, params.tab)
  const q = params.q?.trim()
  const sort = oneOf(USER_SORTS, params.sort)
  const order = oneOf(SORT_ORDERS, params.order)
  const days = oneOf(STATS_RANGES, params.range?.replace(/d$/, ''))
  return {
    ...(tab && tab !== 'users' ? { tab } : {}),
    ...(q ? { q } : {}),
    ...(sort ? { sort } : {}),
    ...(order ? { order } : {}),
    ...(days && days !== DEFAULT_STATS_RANGE ? { days } : {}),
  }
}

/** The address's parameters for `search` (defaults left out). */
export function adminSearchParams(search: AdminSearch): AdminSearchParams {
  const { tab, q, sort, order, days } = parseAdminSearch({
    ...search,
    range: search.days === undefined ? undefined : String(search.days),
  })
  return {
    ...(tab ? { tab } : {}),
    ...(q ? { q } : {}),
    ...(sort ? { sort } : {}),
    ...(order ? { order } : {}),
    ...(days ? { range: `${days}d` } : {}),
  }
}
