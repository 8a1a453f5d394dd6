import type { TRPCRouterRecord } from '@trpc/server'
import { authedProcedure } from '../trpc.ts'
import { listBookmarks } from './list.handler.ts'
import { listBookmarksOutput } from './list.schema.ts'
import { toggleBookmark } from './toggle.handler.ts'
import { toggleBookmarkInput, toggleBookmarkOutput } from './toggle.schema.ts'

export const bookmarksRouter = {
  /** Adds or removes one bookmark; answers the state after the toggle. NOT_FOUND for an unknown tool. */
  toggle: authedProcedure.input(toggleBookmarkInput).output(toggleBookmarkOutput).mutation(toggleBookmark),
  /** The caller's bookmarks (My Tools, profile), newest first. */
  list: authedProcedure.output(listBookmarksOutput).query(listBookmarks),
} satisfies TRPCRouterRecord
