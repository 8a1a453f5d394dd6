import { useMutation, useQueryClient } from '@tanstack/react-query'
import { isTRPCClientError } from '@trpc/client'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'

import type { PublishToolOutput } from '@promptly/api/tool-builder/tool-builder.schema'
import type { ToolBuilderDraft } from '@promptly/core/catalogue/tool-builder'

import { toast } from '../../components/toast.ts'
import { useTRPC } from '../../trpc/client.ts'

/**
 * The server's own words for a refusal (a taken accoName, the personal tool limit), else ours: the
 * fallback, shown when a write fails without a message of the server's (the network went away).
 */
export function writeFailure(error: unknown, fallback: string): string {
  if (!isTRPCClientError(error)) return fallback
  const data: unknown = error.data
  // No code: the request itself failed, and its message is the browser's, not the server's.
  const code = typeof data === 'object' && data !== null && 'code' in data ? data.code : undefined
  return typeof code === 'string' && error.message !== '' ? error.message : fallback
}

/** Everything a tool write can change: the catalogue's lists, the caller's own tools, the tool itself. */
function useInvalidateTools() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries(trpc.tools.pathFilter()),
        queryClient.invalidateQueries(trpc.admin.tools.pathFilter()),
      ]),
    [queryClient, trpc],
  )
}

/**
 * Create and update for the caller's role: an admin writes catalogue tools (admin.tools.*), anyone
 * else their own private ones (tools.personal.*). Both take the same input and answer alike.
 */
export function useSaveTool(isAdmin: boolean) {
  const trpc = useTRPC()
  const { t } = useTranslation('admin')
  const invalidate = useInvalidateTools()
  const adminCreate = useMutation(trpc.admin.tools.create.mutationOptions())
  const personalCreate = useMutation(trpc.tools.personal.create.mutationOptions())
  const adminUpdate = useMutation(trpc.admin.tools.update.mutationOptions())
  const personalUpdate = useMutation(trpc.tools.personal.update.mutationOptions())
  const create = isAdmin ? adminCreate : personalCreate
  const update = isAdmin ? adminUpdate : personalUpdate

  /** The saved tool's id, or null when the server refused (the toast says why). */
  const save = async (id: string | undefined, tool: ToolBuilderDraft): Promise<string | null> => {
    try {
      const savedId = id ? (await update.mutateAsync({ id, tool })).id : (await create.mutateAsync(tool)).id
      await invalidate()
      return savedId
    } catch (error) {
      toast.error(writeFailure(error, t('builder.writes.saveFailed')), 'tool-save-failed')
      return null
    }
  }
  return { save, saving: create.isPending || update.isPending }
}

export function useDeleteTool(isAdmin: boolean) {
  const trpc = useTRPC()
  const { t } = useTranslation('admin')
  const invalidate = useInvalidateTools()
  const adminDelete = useMutation(trpc.admin.tools.delete.mutationOptions())
  const personalDelete = useMutation(trpc.tools.personal.delete.mutationOptions())
  const mutation = isAdmin ? adminDelete : personalDelete

  const remove = async (id: string): Promise<boolean> => {
    try {
      await mutation.mutateAsync({ id })
      await invalidate()
      return true
    } catch (error) {
      toast.error(writeFailure(error, t('builder.writes.deleteFailed')), 'tool-delete-failed')
      return false
    }
  }
  return { remove, deleting: mutation.isPending }
}

/**
 * An admin puts the tool into the catalogue or takes it back out to its owner. `onPublished` runs
 * before the builder's queries refetch (a tool back with another owner is no longer readable).
 */
export function usePublishTool(onPublished: (result: PublishToolOutput) => void = () => undefined) {
  const trpc = useTRPC()
  const { t } = useTranslation('admin')
  const invalidate = useInvalidateTools()
  return useMutation(
    trpc.admin.tools.publish.mutationOptions({
      onSuccess: async (result) => {
        toast.success(result.published ? t('builder.writes.published') : t('builder.writes.unpublished'))
        onPublished(result)
        await invalidate()
      },
      onError: (error) => toast.error(writeFailure(error, t('builder.writes.saveFailed')), 'tool-publish-failed'),
    }),
  )
}
