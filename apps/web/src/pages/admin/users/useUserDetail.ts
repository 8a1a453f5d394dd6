import { useQuery } from '@tanstack/react-query'

import { useTRPC } from '../../../trpc/client.ts'

/** How many audit entries about the account the detail shows. */
export const USER_AUDIT_ENTRIES = 20

/** One account's detail (recent ledger, generations, purchases) and the audit entries about it. */
export function useUserDetail(userId: string) {
  const trpc = useTRPC()
  const detail = useQuery(trpc.admin.users.detail.queryOptions({ userId }))
  const audit = useQuery(trpc.admin.audit.list.queryOptions({ targetUserId: userId, limit: USER_AUDIT_ENTRIES }))
  return { detail, audit }
}
