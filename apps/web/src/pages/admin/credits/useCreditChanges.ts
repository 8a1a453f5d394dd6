import { useMutation, useQueryClient } from '@tanstack/react-query'

import { toast } from '../../../components/toast.ts'
import { useTRPC } from '../../../trpc/client.ts'
import { formatCredits } from '../admin-format.ts'
import type { CreditsAfter, CreditsRevoked } from '../admin-types.ts'
import { useAdminText } from '../useAdminText.ts'
import { applyCreditChange } from '../users/users-cache.ts'

/** Grants credits; the spec's toasts say how it went, and the tables show the new balance. */
export function useGrantCredits(onDone: () => void) {
  const trpc = useTRPC()
  const { t } = useAdminText()
  const callbacks = useCreditChangeCallbacks(onDone, {
    succeeded: (after) => toast.success(t('admin.credits.add.added'), `credits-added-${after.auditId}`),
    failed: () => toast.error(t('admin.credits.add.addFailed'), 'credits-add-failed'),
  })
  return useMutation(trpc.admin.credits.grant.mutationOptions(callbacks))
}

/** Takes credits back (never below zero: the toast says how many were actually taken). */
export function useRevokeCredits(onDone: () => void) {
  const trpc = useTRPC()
  const text = useAdminText()
  const callbacks = useCreditChangeCallbacks(onDone, {
    succeeded: (after: CreditsRevoked) =>
      toast.success(
        text.t('admin.credits.revoke.taken', { taken: formatCredits(text, after.taken) }),
        `credits-revoked-${after.auditId}`,
      ),
    failed: () => toast.error(text.t('admin.credits.revoke.revokeFailed'), 'credits-revoke-failed'),
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
