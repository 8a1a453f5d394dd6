import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'

import { toast } from '../../../components/toast.ts'
import { useTRPC } from '../../../trpc/client.ts'

/** The caller's voices, how many they may keep, and their last pick (the tool pages read the same query). */
export function useBrandVoiceList() {
  const trpc = useTRPC()
  return useQuery(trpc.voices.list.queryOptions())
}

/**
 * Refreshes the voice list after any change, refused ones too: a refusal (the limit, a name in use,
 * a voice deleted in another tab) means the list on screen is out of date. The mutation waits for the
 * fresh list, so whoever moves the focus next finds the voice it is looking for on the page.
 */
function useRefreshVoiceList() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries(trpc.voices.list.pathFilter())
}

export function useCreateBrandVoice() {
  const trpc = useTRPC()
  const refresh = useRefreshVoiceList()
  return useMutation(trpc.voices.create.mutationOptions({ onSettled: refresh }))
}

export function useUpdateBrandVoice() {
  const trpc = useTRPC()
  const refresh = useRefreshVoiceList()
  return useMutation(trpc.voices.update.mutationOptions({ onSettled: refresh }))
}

/** Deletes a voice; a refusal is toasted here, the caller says what was deleted (the answer holds only its id). */
export function useDeleteBrandVoice() {
  const { t } = useTranslation('account')
  const trpc = useTRPC()
  const refresh = useRefreshVoiceList()
  return useMutation(
    trpc.voices.delete.mutationOptions({
      onSettled: refresh,
      onError: (error) => toast.error(error.message || t('profile.brandVoices.deleteFailed'), 'voice-delete-failed'),
    }),
  )
}
