import { z } from 'zod'

import { SEARCH_TEXT_MAX } from '@promptly/core/catalogue/search-text'

import { toolCardList } from './tool.schema.ts'

/** At most this many results, best first: the catalogue grid shows a page, not 10,000 cards. */
export const SEARCH_RESULT_LIMIT = 100
export { SEARCH_TEXT_MAX }

/**
 * Every character is literal: `%`, `_`, `\`, `(`, `.*` search for themselves. Empty or blank text
 * finds nothing rather than being refused: the search box shows no messages (spec section 5). zod
 * counts the limit in characters (code points), as the web app does when it cuts the text to
 * SEARCH_TEXT_MAX, so what the search box sends is never refused.
 */
export const searchInput = z.object({ text: z.string().max(SEARCH_TEXT_MAX) })
export type SearchInput = z.infer<typeof searchInput>

/** Name matches first (earlier in the name first), then tagline and label matches; by name within each. */
export const searchOutput = toolCardList
