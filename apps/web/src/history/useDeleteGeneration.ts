import { useMutation, useQueryClient } from '@tanstack/react-query'

import { toast } from '../components/toast.ts'
import { useTRPC } from '../trpc/client.ts'
import { forgetGeneration } from './history-queries.ts'

/** Deletes one history entry; on success the lists drop it and a toast confirms. */
export function useDeleteGeneration(onDeleted?: (id: string) => void) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useMutation(
    trpc.generation.delete.mutationOptions({
      onSuccess: async ({ id }) => {
        toast.success('Generation deleted', `deleted-${id}`)
        onDeleted?.(id)
        await forgetGeneration(queryClient, trpc, id)
      },
      onError: (error) =>
        toast.error(error.message || 'The generation could not be deleted. Please try again.', 'delete-failed'),
    }),
  )
}
