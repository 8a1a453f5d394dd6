import { getRouteApi } from '@tanstack/react-router'
import { useCallback } from 'react'

import { adminSearchParams, parseAdminSearch, type AdminSearch } from './admin-search.ts'

const route = getRouteApi('/_authed/admin')

/**
 * The console's state that belongs in the address (tab, search, sort, range): a reload or a shared
 * link opens the same view. Changes replace the history entry, so Back leaves the console.
 */
export function useAdminSearch() {
  const search = parseAdminSearch(route.useSearch())
  const navigate = route.useNavigate()
  const update = useCallback(
    (patch: Partial<AdminSearch>) =>
      void navigate({
        search: (previous) => adminSearchParams({ ...parseAdminSearch(previous), ...patch }),
        replace: true,
      }),
    [navigate],
  )
  return { search, update }
}
