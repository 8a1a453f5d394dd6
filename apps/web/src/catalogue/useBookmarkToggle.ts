import { MESSAGES } from '@promptly/core/messages'
import type { ToolCard } from '@promptly/api/tools/tool.schema'
import { useIsMutating, useMutation, useQueryClient, type Mutation, type QueryKey } from '@tanstack/react-query'
import { useNavigate, useRouter } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { toast } from '../components/toast.ts'
import { useIdentity } from '../identity/identity-context.ts'
import { currentPathWithQuery } from '../navigation/redirect.ts'
import { useTRPC } from '../trpc/client.ts'
import { applyBookmarkState, cancelListFetches, type BookmarkCacheTargets, type Rollback } from './bookmark-cache.ts'

const TOGGLE_FAILED = 'Could not update your bookmark. Please try again.'

interface ToggleContext {
  rollback: Rollback
  cancelled: QueryKey[]
}

/**
 * The bookmark control of one card. Signed out: the spec's toast and /login (coming back here).
 * Signed in: the card flips at once in every cached list (category, search, My Tools, profile),
 * the server is asked, and its answer decides: success toasts 'Bookmark added!' or 'Bookmark
 * removed!', failure puts this tool back as it was. While a toggle of this tool is in flight (from
 * any card showing it) `pending` is true and further presses are ignored, so a double click sends
 * one request and cannot leave the card in the wrong state.
 */
export function useBookmarkToggle(tool: ToolCard): { toggle: () => void; pending: boolean } {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const { status } = useIdentity()
  const navigate = useNavigate()
  const router = useRouter()

  const targets = useMemo<BookmarkCacheTargets>(
    () => ({
      cardLists: [trpc.tools.byCategory.pathFilter(), trpc.tools.search.pathFilter()],
      bookmarks: trpc.bookmarks.list.queryKey(),
    }),
    [trpc],
  )
  const mutationKey = useMemo(() => trpc.bookmarks.toggle.mutationKey(), [trpc])

  const isThisTool = useCallback(
    (mutation: Mutation<unknown, Error, unknown, unknown>) =>
      (mutation.state.variables as { toolId?: string } | undefined)?.toolId === tool.id,
    [tool.id],
  )
  const pendingForTool = useIsMutating({ mutationKey, predicate: isThisTool })

  const mutation = useMutation(
    trpc.bookmarks.toggle.mutationOptions<ToggleContext>({
      onMutate: async () => {
        const cancelled = await cancelListFetches(queryClient, targets)
        return { cancelled, rollback: applyBookmarkState(queryClient, targets, tool, !tool.isBookmarked) }
      },
      onSuccess: (result) => {
        // The server's answer is the truth (another tab may have toggled too).
        applyBookmarkState(queryClient, targets, { ...tool, isBookmarked: !result.bookmarked }, result.bookmarked)
        toast.success(result.bookmarked ? MESSAGES.bookmarkAdded : MESSAGES.bookmarkRemoved)
      },
      onError: (error, _input, context) => {
        context?.rollback()
        if (error.data?.code === 'UNAUTHORIZED') {
          // The session ended meanwhile (signed out in another tab, expired). This tab still thinks
          // it is signed in, and /login would send it straight back: load /login afresh instead.
          const redirect = currentPathWithQuery(router.state.location)
          window.location.assign(`/login?redirect=${encodeURIComponent(redirect)}`)
          return
        }
        toast.error(TOGGLE_FAILED, `bookmark-failed-${tool.id}`)
      },
      onSettled: (_result, _error, _input, context) => {
        // Lists whose fetch was cancelled are read again, once no other toggle is in flight.
        if (!context?.cancelled.length || queryClient.isMutating({ mutationKey }) > 1) return
        for (const queryKey of context.cancelled) void queryClient.invalidateQueries({ queryKey, exact: true })
      },
    }),
  )

  const { mutate } = mutation
  const pending = pendingForTool > 0
  const toggle = useCallback(() => {
    // Read the cache, not the last render: a second click of a double click comes before React
    // has re-rendered with the first one pending.
    if (status === 'loading' || queryClient.isMutating({ mutationKey, predicate: isThisTool }) > 0) return
    if (status === 'signed-out') {
      toast.error(MESSAGES.signInToBookmark, 'sign-in-to-bookmark')
      // Read at click time: subscribing every card to the location would re-render them all on each navigation.
      void navigate({ to: '/login', search: { redirect: currentPathWithQuery(router.state.location) } })
      return
    }
    mutate({ toolId: tool.id })
  }, [status, queryClient, mutationKey, isThisTool, navigate, router, mutate, tool.id])

  return { toggle, pending }
}
