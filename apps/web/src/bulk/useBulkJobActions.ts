import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'

import type { BulkJobViewOutput } from '@promptly/api/bulk/get.schema'

import { useTRPC } from '../trpc/client.ts'

/**
 * The mutations of a job's controls. Each change answers with the job as it now stands, which
 * replaces the cached one at once (the buttons follow its status without waiting for the next poll);
 * the rows and the list are read again. Run again opens the new job.
 */
export function useBulkJobActions(jobId: string, { onCancelled }: { onCancelled: () => void }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const jobInput = { jobId }

  const showJob = async (updated: BulkJobViewOutput) => {
    queryClient.setQueryData(trpc.bulk.get.queryKey(jobInput), updated)
    await Promise.all([
      queryClient.invalidateQueries(trpc.bulk.rows.pathFilter()),
      queryClient.invalidateQueries(trpc.bulk.list.pathFilter()),
    ])
  }
  const pause = useMutation(trpc.bulk.pause.mutationOptions({ onSuccess: showJob }))
  const resume = useMutation(trpc.bulk.resume.mutationOptions({ onSuccess: showJob }))
  const retryFailed = useMutation(trpc.bulk.retryFailed.mutationOptions({ onSuccess: showJob }))
  const cancel = useMutation(
    trpc.bulk.cancel.mutationOptions({
      onSuccess: async (updated) => {
        onCancelled()
        await showJob(updated)
      },
    }),
  )
  const runAgain = useMutation(
    trpc.bulk.runAgain.mutationOptions({
      onSuccess: async (created) => {
        await queryClient.invalidateQueries(trpc.bulk.list.pathFilter())
        await navigate({ to: '/bulk/$jobId', params: { jobId: created.jobId } })
      },
    }),
  )
  const failure = [pause, resume, cancel, retryFailed, runAgain].find((mutation) => mutation.isError)?.error ?? null
  return { jobInput, pause, resume, cancel, retryFailed, runAgain, failure }
}
