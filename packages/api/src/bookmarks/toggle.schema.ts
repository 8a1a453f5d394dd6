import { z } from 'zod'
import { toolId } from '../tools/tool.schema.ts'

export const toggleBookmarkInput = z.object({ toolId })
export type ToggleBookmarkInput = z.infer<typeof toggleBookmarkInput>

/** The state after this toggle: `bookmarked` true means the tool is now in the caller's bookmarks. */
export const toggleBookmarkOutput = z.object({ toolId: z.string(), bookmarked: z.boolean() })
export type ToggleBookmarkOutput = z.infer<typeof toggleBookmarkOutput>
