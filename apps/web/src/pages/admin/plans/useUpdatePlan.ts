import { useMutation, useQueryClient } from '@tanstack/react-query'

import { toast } from '../../../components/toast.ts'
import { useTRPC } from '../../../trpc/client.ts'
import type { PlanOffer } from '../admin-types.ts'

/** Saves one offer's terms; the admin list takes the server's answer, and the public plans are read again. */
export function useUpdatePlan() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useMutation(
    trpc.admin.plans.update.mutationOptions({
      onSuccess: async (saved) => {
        toast.success(`${saved.name} saved`, `plan-saved-${saved.key}`)
        queryClient.setQueryData<PlanOffer[]>(trpc.admin.plans.list.queryKey(), (offers) =>
          offers?.map((offer) => (offer.key === saved.key ? saved : offer)),
        )
        await queryClient.invalidateQueries(trpc.plans.list.pathFilter())
      },
      onError: (error, input) => toast.error(`The ${input.key.toLowerCase()} offer was not saved: ${error.message}`),
    }),
  )
}
