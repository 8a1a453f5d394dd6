import type { TRPCRouterRecord } from '@trpc/server'

import { authedProcedure } from '../trpc.ts'
import { listBookmarks } from './list.handler.ts'
import { listBookmarksOutput } from './list.schema.ts'
import { setBookmark } from './set.handler.ts'
import { bookmarkState, setBookmarkInput } from './set.schema.ts'

export const bookmarksRouter = {
  /**
   * The bookmark toggle's request: it states the result wanted (`bookmarked`), never a flip, and is
   * idempotent; answers the state then stored. NOT_FOUND for an unknown tool.
   */
  set: authedProcedure.input(setBookmarkInput).output(bookmarkState).mutation(setBookmark),
  /** The caller's bookmarks (My Tools, profile), newest first. */
  list: authedProcedure.output(listBookmarksOutput).query(listBookmarks),
} satisfies TRPCRouterRecord
