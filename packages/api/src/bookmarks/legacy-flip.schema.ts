import { z } from 'zod'

import { toolId } from '../tools/tool.schema.ts'
import { bookmarkState } from './set.schema.ts'

/** The legacy REST flip (`bookmarks/add-remove/:toolId`): only the tool, the server flips what it stores. */
export const legacyFlipInput = z.object({ toolId })
export type LegacyFlipInput = z.infer<typeof legacyFlipInput>

/** The state after this flip: `bookmarked` true means the tool is now in the caller's bookmarks. */
export const legacyFlipOutput = bookmarkState
export type LegacyFlipOutput = z.infer<typeof legacyFlipOutput>
