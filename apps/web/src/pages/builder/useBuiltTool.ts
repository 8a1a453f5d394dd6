import { useQuery } from '@tanstack/react-query'

import { useTRPC } from '../../trpc/client.ts'

/**
 * The tool at `id` as the builder edits it: any tool for an admin (admin.tools.get), one of the
 * caller's own for anyone else (tools.personal.get, NOT_FOUND for the rest).
 */
export function useBuiltTool(id: string, isAdmin: boolean) {
  const trpc = useTRPC()
  const options = { retry: false, refetchOnWindowFocus: false } as const
  const admin = useQuery(trpc.admin.tools.get.queryOptions({ id }, { ...options, enabled: isAdmin }))
  const personal = useQuery(trpc.tools.personal.get.queryOptions({ id }, { ...options, enabled: !isAdmin }))
  return isAdmin ? admin : personal
}
