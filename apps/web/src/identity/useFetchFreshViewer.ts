import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'

import type { Viewer } from '@promptly/core/identity/user'

import { useTRPC } from '../trpc/client.ts'

/**
 * Asks the server who is signed in now (`auth.me`, never the cached answer), for an identity's
 * `refresh`; null when the server cannot say.
 */
export function useFetchFreshViewer(): () => Promise<Viewer | null> {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useCallback(async (): Promise<Viewer | null> => {
    try {
      return await queryClient.fetchQuery({ ...trpc.auth.me.queryOptions(), staleTime: 0 })
    } catch {
      return null
    }
  }, [queryClient, trpc])
}
