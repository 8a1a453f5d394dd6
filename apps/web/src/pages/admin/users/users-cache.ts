import type { InfiniteData, QueryClient } from '@tanstack/react-query'

import type { useTRPC } from '../../../trpc/client.ts'
import type { CreditsAfter, UserDetail, UsersPage } from '../admin-types.ts'

type Trpc = ReturnType<typeof useTRPC>

/** The cached pages with one account's credits replaced by what the server answered. */
export function withUserCredits(
  data: InfiniteData<UsersPage> | undefined,
  userId: string,
  after: CreditsAfter,
): InfiniteData<UsersPage> | undefined {
  if (!data || !Array.isArray(data.pages)) return data
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      users: page.users.map((user) =>
        user._id === userId ? { ...user, current_limit: after.current_limit, max_limit: after.max_limit } : user,
      ),
    })),
  }
}

/**
 * After a grant or a revoke: every users list shows the new balance at once (no refetch, so rows do
 * not jump under the admin's pointer when sorted by credits), and the account's detail and audit
 * trail are read again, since the change added a ledger entry and an audit entry.
 */
export async function applyCreditChange(
  queryClient: QueryClient,
  trpc: Trpc,
  userId: string,
  after: CreditsAfter,
): Promise<void> {
  queryClient.setQueriesData<InfiniteData<UsersPage>>(trpc.admin.users.list.pathFilter(), (data) =>
    withUserCredits(data, userId, after),
  )
  queryClient.setQueryData<UserDetail>(trpc.admin.users.detail.queryKey({ userId }), (detail) =>
    detail ? { ...detail, user: { ...detail.user, ...after } } : detail,
  )
  await Promise.all([
    queryClient.invalidateQueries(trpc.admin.users.detail.queryFilter({ userId })),
    queryClient.invalidateQueries(trpc.admin.audit.list.pathFilter()),
    queryClient.invalidateQueries(trpc.admin.stats.pathFilter()),
  ])
}
