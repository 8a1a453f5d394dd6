import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'

import type { ToolCard } from '@promptly/api/tools/tool.schema'

import { toast } from '../components/toast.ts'
import { useSharedTranslation } from '../i18n/shared-translation.tsx'
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
 * The request that sets one tool's bookmark: the card flips at once in every cached list, the
 * server's answer decides (a toast says how it went; a failure puts the tool back as it was), and
 * it stays pending until a removed bookmark held in place has left its list.
 */
export function useSetBookmark(tool: ToolCard, targets: BookmarkCacheTargets) {
  const { t } = useSharedTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const router = useRouter()
  return useMutation(
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
}
