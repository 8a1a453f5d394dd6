import { notFound } from '@tanstack/react-router'
import { isTRPCClientError } from '@trpc/client'

import type { ToolHead } from '../app/head-context.ts'
import { toolPageHead } from '../app/page-head.ts'
import { holdsFreshRefusal } from '../app/query-client.ts'
import type { RouterContext } from '../app/router-context.ts'

/** The route's head(), from the same chunk as its loader (one fetch for both in the browser). */
export { toolPageHead }

/** What the server answers for an id that names no published tool (or is no tool id at all). */
const NO_SUCH_TOOL = new Set(['NOT_FOUND', 'BAD_REQUEST'])

/**
 * The /generate route's loader (its own chunk, off the home page's JavaScript). The browser starts
 * the tool's fetch and shows the page at once. The server waits for it: its HTML carries the tool,
 * its head names it (link previews), and an id that names no tool is a 404.
 */
export async function loadToolPage(
  id: string | undefined,
  { queryClient, trpc }: Pick<RouterContext, 'queryClient' | 'trpc'>,
): Promise<ToolHead | null> {
  if (!id) return null
  const options = trpc.tools.get.queryOptions({ id })
  if (typeof window !== 'undefined') {
    if (!holdsFreshRefusal(queryClient.getQueryState(options.queryKey))) {
      queryClient.prefetchQuery(options).catch(() => undefined)
    }
    return null
  }
  try {
    const { tool } = await queryClient.fetchQuery(options)
    return { name: tool.name, description: tool.description, logo: tool.logo }
  } catch (error) {
    if (isTRPCClientError(error) && NO_SUCH_TOOL.has(error.data?.code ?? '')) throw notFound()
    throw error
  }
}
