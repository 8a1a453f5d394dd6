import { useIsMutating, useQueryClient, type Mutation } from '@tanstack/react-query'
import { useNavigate, useRouter } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'

import type { ToolCard } from '@promptly/api/tools/tool.schema'

import { toast } from '../components/toast.ts'
import { useSharedTranslation } from '../i18n/shared-translation.tsx'
import { useIdentityReader } from '../identity/ProvideIdentity.tsx'
import { currentPathWithQuery } from '../navigation/redirect.ts'
import { useTRPC } from '../trpc/client.ts'
import type { BookmarkCacheTargets } from './bookmark-cache.ts'
import { useSetBookmark } from './useSetBookmark.ts'

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
  const { mutate } = useSetBookmark(tool, targets)

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
