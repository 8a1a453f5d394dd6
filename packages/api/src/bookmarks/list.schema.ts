import { toolCardList } from '../tools/tool.schema.ts'

/** The caller's bookmarked tools, newest bookmark first; every card has isBookmarked true. */
export const listBookmarksOutput = toolCardList
