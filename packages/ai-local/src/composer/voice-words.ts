import type { BrandVoiceContent } from '@promptly/core/voices/brand-voice'

import type { ToneBank } from './tones.ts'

/**
 * A brand voice's wording rules for the writer's own sentences: templates with a word to avoid are
 * never used (whole words, any case), and the words to use are handed out one per option. The
 * user's values are theirs: a rule never changes them.
 */
/** The short sentences that say a word to use ({Word}/{word}) in an option that lacks one. */
export const USE_FRAMES = [
  '{Word}, always.',
  'In a word: {word}.',
  'Think {word}.',
  'All of it, {word}.',
  'Expect {word}.',
]

export interface VoiceFilter {
  readonly toUse: readonly string[]
  readonly toAvoid: readonly string[]
  /** The characters a limited option leaves free for a sentence with a word to use (0 without words). */
  readonly room: number
  /** The templates that say none of the words to avoid. */
  allowed(templates: readonly string[]): string[]
  /** The bank without the templates that say a word to avoid. */
  bank(bank: ToneBank): ToneBank
  /** Whether the text says a word to avoid. */
  avoids(text: string): boolean
}

export function wordPattern(words: readonly string[]): RegExp | null {
  if (words.length === 0) return null
  const alternatives = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')
  return new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{M}\\p{N}])`, 'iu')
}

export function voiceFilter(voice: BrandVoiceContent | null): VoiceFilter {
  const toAvoid = voice?.wordsToAvoid ?? []
  const avoided = wordPattern(toAvoid)
  const avoids = (text: string) => avoided !== null && avoided.test(text)
  const allowed = (templates: readonly string[]) => templates.filter((template) => !avoids(template))
  const toUse = voice?.wordsToUse ?? []
  const longestWord = Math.max(0, ...toUse.map((word) => word.length))
  const longestFrame = Math.max(...allowed(USE_FRAMES).map((frame) => frame.length - '{word}'.length), 0)
  return {
    toUse,
    toAvoid,
    room: toUse.length === 0 ? 0 : longestFrame + longestWord + 1,
    allowed,
    avoids,
    bank: (bank) => ({
      hooks: allowed(bank.hooks),
      points: allowed(bank.points),
      closers: allowed(bank.closers),
      adjectives: allowed(bank.adjectives),
      emojis: bank.emojis,
      bios: allowed(bank.bios),
    }),
  }
}
