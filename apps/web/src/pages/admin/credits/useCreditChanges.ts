import { useMutation, useQueryClient } from '@tanstack/react-query'

import { MESSAGES } from '@promptly/core/messages'

import { toast } from '../../../components/toast.ts'
import { useTRPC } from '../../../trpc/client.ts'
import { formatCredits } from '../../payment/payment-format.ts'
import { applyCreditChange } from '../users/users-cache.ts'

/** Grants credits; the spec's toasts say how it went, and the tables show the new balance. */
export function useGrantCredits(onDone: () => void) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useMutation(
    trpc.admin.credits.grant.mutationOptions({
      onSuccess: async (after, input) => {
        toast.success(MESSAGES.creditsAdded, `credits-added-${after.auditId}`)
        onDone()
        await applyCreditChange(queryClient, trpc, input.userId, after)
      },
      onError: () => toast.error(MESSAGES.creditsAddFailed, 'credits-add-failed'),
    }),
  )
}

/** Takes credits back (never below zero: the toast says how many were actually taken). */
export function useRevokeCredits(onDone: () => void) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useMutation(
    trpc.admin.credits.revoke.mutationOptions({
      onSuccess: async (after, input) => {
        toast.success(`Took back ${formatCredits(after.taken)}`, `credits-revoked-${after.auditId}`)
        onDone()
        await applyCreditChange(queryClient, trpc, input.userId, after)
      },
      onError: () => toast.error('Failed to take back credits', 'credits-revoke-failed'),
    }),
  )
}
