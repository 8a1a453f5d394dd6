import { z } from 'zod'
import { toolCardList } from './tool.schema.ts'

/** At most this many results, best first: the catalogue grid shows a page, not 10,000 cards. */
export const SEARCH_RESULT_LIMIT = 100
export const SEARCH_TEXT_MAX = 200

/** Every character is literal: `%`, `_`, `\`, `(`, `.*` search for themselves. Blank text finds nothing. */
export const searchInput = z.object({ text: z.string().min(1).max(SEARCH_TEXT_MAX) })
export type SearchInput = z.infer<typeof searchInput>

/** Name matches first (earlier in the name first), then tagline and label matches; by name within each. */
export const searchOutput = toolCardList
