import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'

import { ALL_TOOLS } from '@promptly/core/catalogue/labels'

import { useTRPC } from '../../trpc/client.ts'

export interface ToolChoice {
  id: string
  name: string
}

/**
 * The tools the caller may open in the builder, by name: their own (tools.personal.list) and, for
 * an admin, the whole catalogue.
 */
export function useBuilderToolChoices(isAdmin: boolean): { choices: ToolChoice[]; pending: boolean } {
  const trpc = useTRPC()
  const own = useQuery(trpc.tools.personal.list.queryOptions())
  const catalogue = useQuery(trpc.tools.byCategory.queryOptions({ category: ALL_TOOLS }, { enabled: isAdmin }))
  const choices = useMemo(() => {
    const byId = new Map<string, ToolChoice>()
    for (const tool of [...(own.data ?? []), ...(isAdmin ? (catalogue.data ?? []) : [])]) {
      byId.set(tool.id, { id: tool.id, name: tool.name })
    }
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name))
  }, [own.data, catalogue.data, isAdmin])
  return { choices, pending: own.isPending || (isAdmin && catalogue.isPending) }
}
