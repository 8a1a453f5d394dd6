import { describe, expect, it } from 'vitest'

import { BRAND_VOICE_SAMPLE_MAX, BRAND_VOICE_WORD_MAX, BRAND_VOICE_WORDS_MAX } from '@promptly/core/voices/brand-voice'

import { testI18n } from '../../../i18n/testing.ts'
import {
  brandVoiceContentOf,
  brandVoiceFormErrors,
  brandVoiceFormValues,
  type BrandVoiceFormValues,
} from './brand-voice-form.ts'

const t = testI18n.getFixedT('en', 'account')
const filled = (overrides: Partial<BrandVoiceFormValues> = {}): BrandVoiceFormValues => ({
  ...brandVoiceFormValues(null),
  name: 'Workshop',
  ...overrides,
})

describe('brandVoiceFormErrors', () => {
  it('finds nothing wrong with a voice the server would take', () => {
    expect(brandVoiceFormErrors(filled({ wordsToUse: ['handmade'], sample: 'Two\nlines' }), t)).toEqual({})
  })

  it('says each refusal at its field, in words of its own, once per field', () => {
    const words = Array.from({ length: BRAND_VOICE_WORDS_MAX + 1 }, (_, index) => `word ${index}`)
    expect(
      brandVoiceFormErrors(
        {
          name: '  ',
          audience: 'Line one\nline two',
          tone: '',
          wordsToUse: words,
          wordsToAvoid: ['x'.repeat(BRAND_VOICE_WORD_MAX + 1), 'y'.repeat(BRAND_VOICE_WORD_MAX + 1)],
          sample: 's'.repeat(BRAND_VOICE_SAMPLE_MAX + 1),
        },
        t,
      ),
    ).toEqual({
      name: 'Give the voice a name',
      audience: 'Use a single line of text',
      wordsToUse: `List at most ${BRAND_VOICE_WORDS_MAX} words or phrases`,
      wordsToAvoid: `Each word or phrase can hold at most ${BRAND_VOICE_WORD_MAX} characters`,
      sample: `Use at most ${BRAND_VOICE_SAMPLE_MAX} characters`,
    })
  })

  it('names the word that is both used and avoided, as the user wrote it', () => {
    expect(brandVoiceFormErrors(filled({ wordsToUse: [' Cheap'], wordsToAvoid: ['cheap'] }), t)).toEqual({
      wordsToAvoid: '“Cheap” cannot be both used and avoided',
    })
  })
})

describe('brandVoiceContentOf', () => {
  it('sends the voice trimmed, with blank and repeated words dropped', () => {
    expect(brandVoiceContentOf(filled({ name: ' Workshop ', wordsToUse: ['handmade', 'Handmade ', ''] }))).toEqual({
      name: 'Workshop',
      audience: '',
      tone: '',
      wordsToUse: ['handmade'],
      wordsToAvoid: [],
      sample: '',
    })
  })
})
