import { createFileRoute } from '@tanstack/react-router'

import { staticHead } from '../app/lazy-page-head.ts'
import { awaitOnServer } from '../app/server-rendered.ts'
import { PlanPage } from '../pages/plan/PlanPage.tsx'

/** Anyone may compare the plans; buying one asks to sign in first (pages/plan/useBuyPlan.ts). */
export const Route = createFileRoute('/plan')({
  // The texts (the account namespace) are awaited everywhere: the page must not render keys.
  loader: async ({ context: { queryClient, trpc, i18n } }) => {
    await Promise.all([
      i18n.loadNamespaces('account'),
      awaitOnServer([queryClient.prefetchQuery(trpc.plans.list.queryOptions())]),
    ])
  },
  head: staticHead('/plan'),
  component: PlanPage,
})
