import type { BrandVoiceContent } from '@promptly/core/voices/brand-voice'

import type { RoleValues } from './role-values.ts'
import type { ToneFamily } from './tone-family.ts'

/**
 * What the local model reads from a request (prompt-brief.ts): the kind of content asked for, how
 * many, the user's values by role, in which tone, with which constraints.
 */
export type ContentKind =
  | 'bio'
  | 'caption'
  | 'post'
  | 'thread'
  | 'hashtags'
  | 'tags'
  | 'titles'
  | 'meta'
  | 'subject_lines'
  | 'email'
  | 'ad'
  | 'hero'
  | 'outline'
  | 'listicle'
  | 'intros'
  | 'article'
  | 'rewrite'
  | 'summary'
  | 'grammar'
  | 'translation'

export interface ContentBrief {
  kind: ContentKind
  /** How many pieces were asked for (bios, titles, posts...), 1 when not said. */
  count: number
  /** The user's values by role, each whole: the writer's only source of the user's words. */
  values: RoleValues
  tone: ToneFamily
  /** The tone as the user picked it ("Witty"), or null. */
  toneWord: string | null
  emojis: boolean
  hashtags: boolean
  /** A character limit per piece ("at most 160 characters"), or null. */
  maxChars: number | null
  /** A target length in words for long pieces ("About 600 words"), or null. */
  targetWords: number | null
  /** The text to work on, for rewrites, summaries, corrections and translations. */
  sourceText: string
  /** A choice line's value ("Listicle", "Short (1-2 lines)", "Spanish"...), for renderers that care. */
  format: string | null
  /** Whether the user asked for each piece to end with a question. */
  endWithQuestion: boolean
  /**
   * The prompt with the user's values masked as {value}: the tool author's words and the options
   * picked, which say what to write ("Use only numbered list titles"), never what the user typed.
   */
  instructions: string
  /** The brand voice picked for the generation, if any. */
  voice: BrandVoiceContent | null
}
