import { z } from 'zod'

import { oneLineText } from '@promptly/core/catalogue/tool'

import { toolCardList } from './tool.schema.ts'

/**
 * 'All Tools' lists every tool; labels match case-insensitively for the fixed list ("seo tools").
 * A category is a label, read like one (trimmed, NFC, one line): text with a control character is a
 * 400, as a blank category is, since no label holds one. Search answers such text with an empty list
 * instead, because the search box shows no messages; a category is picked from the list, not typed.
 */
export const byCategoryInput = z.object({ category: oneLineText('Category', 100) })
export type ByCategoryInput = z.infer<typeof byCategoryInput>

export const byCategoryOutput = toolCardList
