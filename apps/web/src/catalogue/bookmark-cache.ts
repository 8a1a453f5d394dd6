import type { QueryClient, QueryFilters, QueryKey } from '@tanstack/react-query'

import type { ToolCard } from '@promptly/api/tools/tool.schema'

/**
 * Where a tool's bookmark state lives in the query cache: every card list (each category, each
 * search, My Tools) and the user's bookmark list, which a bookmark joins or leaves.
 */
export interface BookmarkCacheTargets {
  /** Lists of cards whose `isBookmarked` flag follows the toggle (categories, searches). */
  cardLists: QueryFilters[]
  /**
   * The user's bookmarks, newest first: a bookmarked tool is added at the front; an unbookmarked one
   * stays in place marked not bookmarked until `dropRemovedBookmark` takes it out.
   */
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
 * The undo restores this tool's previous state only, list by list (its old flag, or its absence from
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
  const listed = bookmarks?.find((card) => card.id === tool.id)
  if (bookmarks && bookmarked && !listed) {
    queryClient.setQueryData<ToolCard[]>(targets.bookmarks, (old) => [{ ...tool, isBookmarked: true }, ...(old ?? [])])
    undo.push(() =>
      queryClient.setQueryData<ToolCard[]>(targets.bookmarks, (old) => old?.filter((card) => card.id !== tool.id)),
    )
  } else if (listed && listed.isBookmarked !== bookmarked) {
    // A removed bookmark keeps its place, shown as removed, until `dropRemovedBookmark`: taking it
    // out now would move the next one up under the pointer, where a second click would remove it too.
    const previous = listed.isBookmarked
    queryClient.setQueryData<ToolCard[]>(targets.bookmarks, (old) => withBookmarkFlag(old, tool.id, bookmarked))
    undo.push(() =>
      queryClient.setQueryData<ToolCard[]>(targets.bookmarks, (old) => withBookmarkFlag(old, tool.id, previous)),
    )
  }

  return () => {
    for (const step of undo.reverse()) step()
  }
}

/** Whether the bookmark list holds `toolId` as removed (kept in place until it is dropped). */
export function isHeldAsRemoved(queryClient: QueryClient, targets: BookmarkCacheTargets, toolId: string): boolean {
  return (
    queryClient.getQueryData<ToolCard[]>(targets.bookmarks)?.some((card) => card.id === toolId && !card.isBookmarked) ??
    false
  )
}

/** Takes a removed bookmark out of the bookmark list; a tool bookmarked again meanwhile stays. */
export function dropRemovedBookmark(queryClient: QueryClient, targets: BookmarkCacheTargets, toolId: string): void {
  if (!isHeldAsRemoved(queryClient, targets, toolId)) return
  queryClient.setQueryData<ToolCard[]>(targets.bookmarks, (old) =>
    old?.filter((card) => card.id !== toolId || card.isBookmarked),
  )
}

/**
 * The toggles in flight on one query client and the lists their starts cancelled. One record for
 * all toggles: a list cancelled by one toggle is refetched by whichever toggle settles last, even
 * when that one started after the cancel and saw nothing in flight itself.
 */
interface TogglesInFlight {
  count: number
  cancelled: Map<string, QueryKey>
}

const togglesInFlight = new WeakMap<QueryClient, TogglesInFlight>()

function togglesOf(queryClient: QueryClient): TogglesInFlight {
  let record = togglesInFlight.get(queryClient)
  if (!record) {
    record = { count: 0, cancelled: new Map() }
    togglesInFlight.set(queryClient, record)
  }
  return record
}

/**
 * A toggle starts: cancels the fetches in flight for lists that already show data, so an answer
 * read before the toggle cannot overwrite its optimistic state, and remembers them for
 * `endToggle`. Lists still loading their first answer are left to finish. Every `beginToggle`
 * must be matched by one `endToggle`, whatever the toggle's outcome.
 */
export async function beginToggle(queryClient: QueryClient, targets: BookmarkCacheTargets): Promise<void> {
  const record = togglesOf(queryClient)
  record.count += 1
  const filters: QueryFilters[] = [...targets.cardLists, { queryKey: targets.bookmarks, exact: true }]
  for (const filter of filters) {
    const inFlight = queryClient
      .getQueryCache()
      .findAll({ ...filter, fetchStatus: 'fetching' })
      .filter((query) => query.state.data !== undefined)
    for (const query of inFlight) {
      record.cancelled.set(query.queryHash, query.queryKey)
      await queryClient.cancelQueries({ queryKey: query.queryKey, exact: true })
    }
  }
}

/**
 * A toggle has settled. The last one in flight reads again every list any of them cancelled; the
 * others leave that to it, so no refetch can bring back a state another toggle is still changing.
 */
export function endToggle(queryClient: QueryClient): void {
  const record = togglesOf(queryClient)
  record.count = Math.max(0, record.count - 1)
  if (record.count > 0) return
  const cancelled = [...record.cancelled.values()]
  record.cancelled.clear()
  for (const queryKey of cancelled) void queryClient.invalidateQueries({ queryKey, exact: true })
}
