import { useQuery, type QueryClient } from '@tanstack/react-query'

import { listSessions } from '../../../identity/local-account-api.ts'

// Not a tRPC key: session-queries.ts counts it as per-user, so it goes when the user changes.
const SESSIONS_KEY = ['local-auth', 'sessions'] as const

/** The signed-in account's sessions (local accounts), this device's among them. */
export function useSessions() {
  return useQuery({ queryKey: SESSIONS_KEY, queryFn: listSessions })
}

export function refetchSessions(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: SESSIONS_KEY })
}
