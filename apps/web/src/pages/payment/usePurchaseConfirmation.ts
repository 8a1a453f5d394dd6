import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'

import { useTRPC } from '../../trpc/client.ts'

/** How often the return page asks whether the payment's webhook has landed. */
const POLL_MS = 1000
/**
 * After this many answers still pending the page stops asking and says the credits will follow:
 * Stripe retries a webhook for days, and the purchase shows in the transaction history meanwhile.
 */
const MAX_POLLS = 90

/**
 * Follows a checkout session until its payment is confirmed (or fails), then refreshes what shows
 * the user's plan and credits (nav balance, profile, plans page).
 */
export function usePurchaseConfirmation(sessionId: string) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const options = trpc.payments.status.queryOptions(
    { sessionId },
    {
      refetchInterval: (query) =>
        query.state.data?.purchase.status === 'pending' && query.state.dataUpdateCount < MAX_POLLS ? POLL_MS : false,
      retry: 2,
    },
  )
  const status = useQuery(options)
  const settled = status.data !== undefined && status.data.purchase.status !== 'pending'
  useEffect(() => {
    if (!settled) return
    void queryClient.invalidateQueries(trpc.credits.limits.pathFilter())
    void queryClient.invalidateQueries(trpc.plans.list.pathFilter())
    void queryClient.invalidateQueries(trpc.payments.history.pathFilter())
    void queryClient.invalidateQueries(trpc.auth.me.pathFilter())
  }, [settled, queryClient, trpc])
  // Read on every answer (dataUpdatedAt changes with each one, so the page renders again).
  const polls = status.dataUpdatedAt > 0 ? (queryClient.getQueryState(options.queryKey)?.dataUpdateCount ?? 0) : 0
  const gaveUp = status.data?.purchase.status === 'pending' && polls >= MAX_POLLS
  return { status, gaveUp }
}
