import { useIsMutating, useMutation, useQueryClient, type Mutation } from '@tanstack/react-query'
import { useNavigate, useRouter } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'

import type { ToolCard } from '@promptly/api/tools/tool.schema'

import { toast } from '../components/toast.ts'
import { useSharedTranslation } from '../i18n/shared-translation.tsx'
import { useIdentityReader } from '../identity/ProvideIdentity.tsx'
import { currentPathWithQuery } from '../navigation/redirect.ts'
import { useTRPC } from '../trpc/client.ts'
import {
  applyBookmarkState,
  beginToggle,
  dropRemovedBookmark,
  endToggle,
  isHeldAsRemoved,
  type BookmarkCacheTargets,
  type Rollback,
} from './bookmark-cache.ts'

/**
 * A bookmark removed from a list that drops it (profile, My Tools) stays in place, shown as removed,
 * at least this long after the press, however fast the server answers: longer than a slow double
 * click, so its second click lands on the same (still pending) toggle, never on the next bookmark.
 */
export const REMOVED_BOOKMARK_HOLD_MS = 600

interface ToggleContext {
  rollback: Rollback
  /** Resolves REMOVED_BOOKMARK_HOLD_MS after the press. */
  held: Promise<void>
}

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms))

/**
 * The bookmark control of one card. Signed out: the spec's toast and /login (coming back here).
 * Signed in: the card flips at once in every cached list (category, search, My Tools, profile),
 * the server is told the state the user asked for (not "flip": a card out of date must not do the
 * opposite), and its answer decides: success toasts 'Bookmark added!' or 'Bookmark removed!',
 * failure puts this tool back as it was. While a toggle of this tool is in flight (from any card
 * showing it), and while a removed bookmark is held in place, `pending` is true and further presses
 * are ignored, so a double click sends one request and cannot leave the card in the wrong state.
 */
export function useBookmarkToggle(tool: ToolCard): { toggle: () => void; pending: boolean } {
  const { t } = useSharedTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  // Read when pressed: the toggle renders the same whoever is signed in (see ProvideIdentity).
  const identity = useIdentityReader()
  const navigate = useNavigate()
  const router = useRouter()

  const targets = useMemo<BookmarkCacheTargets>(
    () => ({
      cardLists: [trpc.tools.byCategory.pathFilter(), trpc.tools.search.pathFilter()],
      bookmarks: trpc.bookmarks.list.queryKey(),
    }),
    [trpc],
  )
  const mutationKey = useMemo(() => trpc.bookmarks.set.mutationKey(), [trpc])

  const isThisTool = useCallback(
    (mutation: Mutation<unknown, Error, unknown, unknown>) =>
      (mutation.state.variables as { toolId?: string } | undefined)?.toolId === tool.id,
    [tool.id],
  )
  const pendingForTool = useIsMutating({ mutationKey, predicate: isThisTool })

  const mutation = useMutation(
    trpc.bookmarks.set.mutationOptions<ToggleContext>({
      onMutate: async ({ bookmarked }) => {
        const held = wait(REMOVED_BOOKMARK_HOLD_MS)
        await beginToggle(queryClient, targets)
        return { held, rollback: applyBookmarkState(queryClient, targets, tool, bookmarked) }
      },
      onSuccess: (result) => {
        // The server's answer is the truth.
        applyBookmarkState(queryClient, targets, { ...tool, isBookmarked: !result.bookmarked }, result.bookmarked)
        toast.success(result.bookmarked ? t('catalogue.bookmark.added') : t('catalogue.bookmark.removed'))
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
        toast.error(t('catalogue.bookmark.failed'), `bookmark-failed-${tool.id}`)
      },
      onSettled: async (_result, _error, _input, context) => {
        // Awaited by the mutation: it stays pending (presses ignored) until the removed row is gone.
        try {
          if (context && isHeldAsRemoved(queryClient, targets, tool.id)) {
            await context.held
            dropRemovedBookmark(queryClient, targets, tool.id)
          }
        } finally {
          endToggle(queryClient)
        }
      },
    }),
  )

  const { mutate } = mutation
  const pending = pendingForTool > 0
  const toggle = useCallback(() => {
    // Read the cache, not the last render: a second click of a double click comes before React
    // has re-rendered with the first one pending.
    const { status } = identity()
    if (status === 'loading' || queryClient.isMutating({ mutationKey, predicate: isThisTool }) > 0) return
    if (status === 'signed-out') {
      toast.error(t('catalogue.bookmark.signIn'), 'sign-in-to-bookmark')
      // Read at click time: subscribing every card to the location would re-render them all on each navigation.
      void navigate({ to: '/login', search: { redirect: currentPathWithQuery(router.state.location) } })
      return
    }
    // What the user sees is what they mean to change: an unpressed toggle asks for a bookmark.
    mutate({ toolId: tool.id, bookmarked: !tool.isBookmarked })
  }, [identity, queryClient, mutationKey, isThisTool, navigate, router, mutate, tool.id, tool.isBookmarked, t])

  return { toggle, pending }
}
