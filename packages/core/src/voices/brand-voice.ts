import { z } from 'zod'

import { noControlCharacters } from '../text/control-characters.ts'
import { FREE_TEXT_CONTROL_MESSAGE } from '../text/unsafe-characters.ts'

/** How many voices one user keeps, unless the operator sets BRAND_VOICE_LIMIT. */
export const DEFAULT_BRAND_VOICE_LIMIT = 10

export const BRAND_VOICE_NAME_MAX = 60
export const BRAND_VOICE_AUDIENCE_MAX = 200
export const BRAND_VOICE_TONE_MAX = 60
export const BRAND_VOICE_WORDS_MAX = 20
export const BRAND_VOICE_WORD_MAX = 40
export const BRAND_VOICE_SAMPLE_MAX = 1000

const oneLine = (what: string, max: number) =>
  z
    .string()
    .trim()
    .normalize('NFC')
    .max(max, `${what} can hold at most ${max} characters`)
    .check(noControlCharacters(`${what} must be a single line of text`))

/** Words to use or avoid: each trimmed, blanks and repeats (in any case) dropped. */
const wordList = (what: string) =>
  z
    .array(oneLine('A word or phrase', BRAND_VOICE_WORD_MAX))
    .max(BRAND_VOICE_WORDS_MAX, `${what} can list at most ${BRAND_VOICE_WORDS_MAX} words or phrases`)
    .transform((words) => {
      const seen = new Set<string>()
      return words.filter((word) => {
        const key = word.toLocaleLowerCase()
        if (word === '' || seen.has(key)) return false
        seen.add(key)
        return true
      })
    })

/**
 * What a brand voice says, as its owner writes it and as it goes into a prompt. All of it is the
 * user's text: it reaches a model only inside the fenced voice section (prompt-sections.ts), as data.
 */
export const brandVoiceContent = z
  .object({
    name: oneLine('A voice name', BRAND_VOICE_NAME_MAX).min(1, 'Give the voice a name'),
    audience: oneLine('The audience', BRAND_VOICE_AUDIENCE_MAX).default(''),
    tone: oneLine('The tone', BRAND_VOICE_TONE_MAX).default(''),
    wordsToUse: wordList('Words to use').default([]),
    wordsToAvoid: wordList('Words to avoid').default([]),
    sample: z
      .string()
      .trim()
      .normalize('NFC')
      .max(BRAND_VOICE_SAMPLE_MAX, `The sample can hold at most ${BRAND_VOICE_SAMPLE_MAX} characters`)
      .check(noControlCharacters(FREE_TEXT_CONTROL_MESSAGE, { freeText: true }))
      .default(''),
  })
  .superRefine((voice, ctx) => {
    const avoided = new Set(voice.wordsToAvoid.map((word) => word.toLocaleLowerCase()))
    const both = voice.wordsToUse.find((word) => avoided.has(word.toLocaleLowerCase()))
    if (both !== undefined)
      ctx.addIssue({ code: 'custom', path: ['wordsToAvoid'], message: `"${both}" cannot be both used and avoided` })
  })
export type BrandVoiceContent = z.output<typeof brandVoiceContent>
export type BrandVoiceDraft = z.input<typeof brandVoiceContent>
