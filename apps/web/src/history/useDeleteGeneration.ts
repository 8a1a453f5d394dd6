import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'

import { toast } from '../components/toast.ts'
import { useTRPC } from '../trpc/client.ts'
import { forgetGeneration } from './history-queries.ts'

/** Deletes one history entry; on success the lists drop it and a toast confirms. */
export function useDeleteGeneration(onDeleted?: (id: string) => void) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const { t } = useTranslation('generator')
  return useMutation(
    trpc.generation.delete.mutationOptions({
      onSuccess: async ({ id }) => {
        toast.success(t('history.delete.done'), `deleted-${id}`)
        onDeleted?.(id)
        await forgetGeneration(queryClient, trpc, id)
      },
      onError: (error) => toast.error(error.message || t('history.delete.failed'), 'delete-failed'),
    }),
  )
}
