import { createFileRoute } from '@tanstack/react-router'

import { staticHead } from '../app/lazy-page-head.ts'
import { awaitOnServer } from '../app/server-rendered.ts'
import { PlanPage } from '../pages/plan/PlanPage.tsx'

/** Anyone may compare the plans; buying one asks to sign in first (pages/plan/useBuyPlan.ts). */
export const Route = createFileRoute('/plan')({
  loader: ({ context: { queryClient, trpc } }) =>
    awaitOnServer([queryClient.prefetchQuery(trpc.plans.list.queryOptions())]),
  head: staticHead('/plan'),
  component: PlanPage,
})
