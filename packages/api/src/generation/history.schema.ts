import { z } from 'zod'

import { TOOL_KINDS } from '@promptly/core/catalogue/tool'
import { noControlCharacters } from '@promptly/core/text/control-characters'

import { mediaItem } from '../media/media-item.schema.ts'
import { historyCursor } from './history-cursor.ts'

export const HISTORY_DEFAULT_LIMIT = 20
export const HISTORY_MAX_LIMIT = 50
/** Longest search text; longer is a 400 rather than an expensive scan. */
export const HISTORY_SEARCH_MAX_LENGTH = 200
/** How much of a generation's text a history row shows. */
export const PREVIEW_LENGTH = 160

export const GENERATION_STATUSES = ['reserved', 'succeeded', 'failed'] as const

export const historyInput = z.object({
  /** The `nextCursor` of the previous page (opaque: the position of its last row). */
  cursor: historyCursor.nullish(),
  limit: z.number().int().min(1).max(HISTORY_MAX_LIMIT).default(HISTORY_DEFAULT_LIMIT),
  /** Literal, case-insensitive, over the tool's name and the output's text. */
  search: z
    .string()
    .max(HISTORY_SEARCH_MAX_LENGTH)
    .check(noControlCharacters('Search must be a single line of text'))
    .nullish(),
})
export type HistoryInput = z.output<typeof historyInput>

/** What every view of a generation says about it: which tool, how it went, what it cost, when. */
export const generationSummary = z.object({
  id: z.string(),
  /** Null when the tool has since been deleted. */
  toolId: z.string().nullable(),
  toolName: z.string().nullable(),
  kind: z.enum(TOOL_KINDS),
  /** 'reserved' while it runs; 'failed' ones were refunded. */
  status: z.enum(GENERATION_STATUSES),
  credits: z.number().int(),
  createdAt: z.date(),
  /** The brand voice it was written in, by its name then (null: none). */
  voiceName: z.string().nullable(),
  /** Marked "Keep" among its run's variants. */
  kept: z.boolean(),
})
export type GenerationSummary = z.infer<typeof generationSummary>

export const historyItem = generationSummary.extend({
  /**
   * What it finally cost, from the credit ledger: its charge less any refund. `credits` is what was
   * held when it started; a failed or stopped one was refunded and cost 0, a running one holds its cost.
   */
  charged: z.number().int(),
  toolLogo: z.string().nullable(),
  /** Plain text: the start of the output (or why it failed), at most about 160 characters. */
  preview: z.string(),
  /** The images or audio it produced (image, text to audio), in order; the caller's own only. */
  media: z.array(mediaItem),
})
export type HistoryItem = z.infer<typeof historyItem>

export const historyOutput = z.object({
  /** The caller's generations, newest first. */
  items: z.array(historyItem),
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
})
export type HistoryOutput = z.infer<typeof historyOutput>
