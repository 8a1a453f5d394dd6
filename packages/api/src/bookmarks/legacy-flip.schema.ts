import { z } from 'zod'

import { toolId } from '../tools/tool.schema.ts'
import { bookmarkState } from './set.schema.ts'

/** The legacy REST flip (`bookmarks/add-remove/:toolId`): only the tool, the server flips what it stores. */
export const toggleBookmarkInput = z.object({ toolId })
export type ToggleBookmarkInput = z.infer<typeof toggleBookmarkInput>

/** The state after this toggle: `bookmarked` true means the tool is now in the caller's bookmarks. */
export const toggleBookmarkOutput = bookmarkState
export type ToggleBookmarkOutput = z.infer<typeof toggleBookmarkOutput>
