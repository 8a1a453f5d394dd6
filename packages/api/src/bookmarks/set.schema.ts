import { z } from 'zod'

import { toolId } from '../tools/tool.schema.ts'

/**
 * The state the caller wants: `bookmarked` true adds the tool to their bookmarks, false removes it.
 * Stating the result (rather than asking for a flip) keeps a card that is out of date, say
 * bookmarked meanwhile in another tab, from doing the opposite of what the user pressed.
 */
export const setBookmarkInput = z.object({ toolId, bookmarked: z.boolean() })
export type SetBookmarkInput = z.infer<typeof setBookmarkInput>

/** A tool's bookmark state as stored after the call: `bookmarked` true means it is in the caller's bookmarks. */
export const bookmarkState = z.object({ toolId: z.string(), bookmarked: z.boolean() })
export type BookmarkState = z.infer<typeof bookmarkState>
