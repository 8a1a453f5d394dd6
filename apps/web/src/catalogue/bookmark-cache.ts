import type { ToolCard } from '@promptly/api/tools/tool.schema'
import type { QueryClient, QueryFilters, QueryKey } from '@tanstack/react-query'

/**
 * Where a tool's bookmark state lives in the query cache: every card list (each category, each
 * search, My Tools) and the user's bookmark list, which a bookmark joins or leaves.
 */
export interface BookmarkCacheTargets {
  /** Lists of cards whose `isBookmarked` flag follows the toggle (categories, searches). */
  cardLists: QueryFilters[]
  /** The user's bookmarks, newest first: a bookmarked tool is added at the front, an unbookmarked one removed. */
  bookmarks: QueryKey
}

/** Undoes one `applyBookmarkState` call, touching only the tool it changed. */
export type Rollback = () => void

/** `list` with the tool's flag set, or the same array when nothing changes (no re-render). */
export function withBookmarkFlag<T extends { id: string; isBookmarked: boolean }>(
  list: T[] | undefined,
  toolId: string,
  bookmarked: boolean,
): T[] | undefined {
  if (!list || !list.some((tool) => tool.id === toolId && tool.isBookmarked !== bookmarked)) return list
  return list.map((tool) => (tool.id === toolId ? { ...tool, isBookmarked: bookmarked } : tool))
}

/**
 * Shows `tool` as bookmarked (or not) in every cached list at once and returns how to undo it.
 * The undo restores this tool's previous state only, list by list (its old flag, its old place in
 * the bookmark list), so undoing one toggle never reverts another tool's toggle made meanwhile.
 */
export function applyBookmarkState(
  queryClient: QueryClient,
  targets: BookmarkCacheTargets,
  tool: ToolCard,
  bookmarked: boolean,
): Rollback {
  const undo: Rollback[] = []

  for (const filters of targets.cardLists) {
    for (const [key, list] of queryClient.getQueriesData<ToolCard[]>(filters)) {
      const current = list?.find((card) => card.id === tool.id)
      if (!current || current.isBookmarked === bookmarked) continue
      const previous = current.isBookmarked
      queryClient.setQueryData<ToolCard[]>(key, (old) => withBookmarkFlag(old, tool.id, bookmarked))
      undo.push(() => queryClient.setQueryData<ToolCard[]>(key, (old) => withBookmarkFlag(old, tool.id, previous)))
    }
  }

  const bookmarks = queryClient.getQueryData<ToolCard[]>(targets.bookmarks)
  if (bookmarks) {
    const index = bookmarks.findIndex((card) => card.id === tool.id)
    if (bookmarked && index === -1) {
      queryClient.setQueryData<ToolCard[]>(targets.bookmarks, (old) => [{ ...tool, isBookmarked: true }, ...(old ?? [])])
      undo.push(() =>
        queryClient.setQueryData<ToolCard[]>(targets.bookmarks, (old) => old?.filter((card) => card.id !== tool.id)),
      )
    } else if (!bookmarked && index !== -1) {
      const removed = bookmarks[index]!
      queryClient.setQueryData<ToolCard[]>(targets.bookmarks, (old) => old?.filter((card) => card.id !== tool.id))
      undo.push(() =>
        queryClient.setQueryData<ToolCard[]>(targets.bookmarks, (old) => {
          if (!old || old.some((card) => card.id === tool.id)) return old
          const at = Math.min(index, old.length)
          return [...old.slice(0, at), removed, ...old.slice(at)]
        }),
      )
    }
  }

  return () => {
    for (const step of undo.reverse()) step()
  }
}

/**
 * Cancels the fetches in flight for lists that already show data, so an answer read before the
 * toggle cannot overwrite its optimistic state, and returns their keys: the caller refetches them
 * once the toggle has settled. Lists still loading their first answer are left to finish.
 */
export async function cancelListFetches(queryClient: QueryClient, targets: BookmarkCacheTargets): Promise<QueryKey[]> {
  const filters: QueryFilters[] = [...targets.cardLists, { queryKey: targets.bookmarks, exact: true }]
  const cancelled: QueryKey[] = []
  for (const filter of filters) {
    const inFlight = queryClient
      .getQueryCache()
      .findAll({ ...filter, fetchStatus: 'fetching' })
      .filter((query) => query.state.data !== undefined)
    for (const query of inFlight) {
      cancelled.push(query.queryKey)
      await queryClient.cancelQueries({ queryKey: query.queryKey, exact: true })
    }
  }
  return cancelled
}
