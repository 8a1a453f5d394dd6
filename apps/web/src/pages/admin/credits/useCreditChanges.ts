import { useMutation, useQueryClient } from '@tanstack/react-query'

import { MESSAGES } from '@promptly/core/messages'

import { toast } from '../../../components/toast.ts'
import { useTRPC } from '../../../trpc/client.ts'
import { formatCredits } from '../../payment/payment-format.ts'
import type { CreditsAfter, CreditsRevoked } from '../admin-types.ts'
import { applyCreditChange } from '../users/users-cache.ts'

/** Grants credits; the spec's toasts say how it went, and the tables show the new balance. */
export function useGrantCredits(onDone: () => void) {
  const trpc = useTRPC()
  const callbacks = useCreditChangeCallbacks(onDone, {
    succeeded: (after) => toast.success(MESSAGES.creditsAdded, `credits-added-${after.auditId}`),
    failed: () => toast.error(MESSAGES.creditsAddFailed, 'credits-add-failed'),
  })
  return useMutation(trpc.admin.credits.grant.mutationOptions(callbacks))
}

/** Takes credits back (never below zero: the toast says how many were actually taken). */
export function useRevokeCredits(onDone: () => void) {
  const trpc = useTRPC()
  const callbacks = useCreditChangeCallbacks(onDone, {
    succeeded: (after: CreditsRevoked) =>
      toast.success(`Took back ${formatCredits(after.taken)}`, `credits-revoked-${after.auditId}`),
    failed: () => toast.error('Failed to take back credits', 'credits-revoke-failed'),
  })
  return useMutation(trpc.admin.credits.revoke.mutationOptions(callbacks))
}

/**
 * What a grant and a revoke both do once the server answers: a toast says how it went; on success
 * the dialog closes and every table shows the account's new balance.
 */
function useCreditChangeCallbacks<After extends CreditsAfter & { auditId: string }>(
  onDone: () => void,
  toasts: { succeeded: (after: After) => void; failed: () => void },
) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return {
    onSuccess: async (after: After, input: { userId: string }) => {
      toasts.succeeded(after)
      onDone()
      await applyCreditChange(queryClient, trpc, input.userId, after)
    },
    onError: toasts.failed,
  }
}
