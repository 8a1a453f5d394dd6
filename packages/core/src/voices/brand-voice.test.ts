import { describe, expect, it } from 'vitest'

import { BRAND_VOICE_WORDS_MAX, brandVoiceContent } from './brand-voice.ts'

describe('brandVoiceContent', () => {
  it('trims, fills the defaults and drops blank and repeated words', () => {
    expect(
      brandVoiceContent.parse({ name: '  Studio ', wordsToUse: ['handmade', ' Handmade', '', 'small batch'] }),
    ).toEqual({
      name: 'Studio',
      audience: '',
      tone: '',
      wordsToUse: ['handmade', 'small batch'],
      wordsToAvoid: [],
      sample: '',
    })
  })

  it('refuses a nameless voice, a word both used and avoided, too many words, and control characters', () => {
    const issues = (input: unknown) => brandVoiceContent.safeParse(input).error?.issues.map((issue) => issue.message)
    expect(issues({ name: ' ' })).toEqual(['Give the voice a name'])
    expect(issues({ name: 'A', wordsToUse: ['Cheap'], wordsToAvoid: ['cheap'] })).toEqual([
      '"Cheap" cannot be both used and avoided',
    ])
    const many = Array.from({ length: BRAND_VOICE_WORDS_MAX + 1 }, (_, index) => `word ${index}`)
    expect(issues({ name: 'A', wordsToAvoid: many })).toEqual([
      `Words to avoid can list at most ${BRAND_VOICE_WORDS_MAX} words or phrases`,
    ])
    expect(issues({ name: 'A\u0000' })).toEqual(['A voice name must be a single line of text'])
    expect(brandVoiceContent.safeParse({ name: 'A', sample: 'Two\nlines' }).success).toBe(true)
  })
})
