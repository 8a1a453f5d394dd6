import { useMutation, useQueryClient } from '@tanstack/react-query'

import { toast } from '../../../components/toast.ts'
import { useTRPC } from '../../../trpc/client.ts'
import type { PlanOffer } from '../admin-types.ts'
import { useAdminText } from '../useAdminText.ts'

/** Saves one offer's terms; the admin list takes the server's answer, and the public plans are read again. */
export function useUpdatePlan() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const { t } = useAdminText()
  return useMutation(
    trpc.admin.plans.update.mutationOptions({
      onSuccess: async (saved) => {
        toast.success(t('admin.plans.saved', { name: saved.name }), `plan-saved-${saved.key}`)
        queryClient.setQueryData<PlanOffer[]>(trpc.admin.plans.list.queryKey(), (offers) =>
          offers?.map((offer) => (offer.key === saved.key ? saved : offer)),
        )
        await queryClient.invalidateQueries(trpc.plans.list.pathFilter())
      },
      // The server's reason follows as it arrived.
      onError: (error, input) =>
        toast.error(t('admin.plans.notSaved', { offer: t(`admin.plans.offer.${input.key}`), message: error.message })),
    }),
  )
}
