import type { ToneFamily } from './tones.ts'

/**
 * What the local model reads from a prompt (prompt-brief.ts): the kind of content asked for, how
 * many, about what, for whom, in which tone, with which constraints.
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
  /** The user's main answer: who or what the content is about. */
  subject: string
  /** The user's other answers, in form order (topics, benefits, context...). */
  details: string[]
  /** Phrases to work in: quoted keywords and the topics the user listed (may be empty). */
  keywords: string[]
  tone: ToneFamily
  /** The tone as the user picked it ("Witty"), or null. */
  toneWord: string | null
  audience: string | null
  callToAction: string | null
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
}
