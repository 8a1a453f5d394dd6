import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'

import { toast } from '../../../components/toast.ts'
import { useTRPC } from '../../../trpc/client.ts'

/** The caller's active keys. */
export function useApiKeyList() {
  const trpc = useTRPC()
  return useQuery(trpc.apiKeys.list.queryOptions())
}

/** Creates a key; the list is refreshed, and the full key is handed to the caller once. */
export function useCreateApiKey() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useMutation(
    trpc.apiKeys.create.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.apiKeys.list.pathFilter()),
    }),
  )
}

/** Revokes a key; on success the list drops it and a toast confirms. */
export function useRevokeApiKey(onRevoked: () => void) {
  const { t } = useTranslation('account')
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useMutation(
    trpc.apiKeys.revoke.mutationOptions({
      onSuccess: async (revoked) => {
        toast.success(t('profile.apiKeys.revoked', { name: revoked.name }), `revoked-${revoked.id}`)
        onRevoked()
        await queryClient.invalidateQueries(trpc.apiKeys.list.pathFilter())
      },
      onError: (error) => toast.error(error.message || t('profile.apiKeys.revokeFailed'), 'revoke-failed'),
    }),
  )
}
