import type { BrandVoiceDraft } from '@promptly/core/voices/brand-voice'

/** A voice as a user fills it in on the profile. */
export function voiceDraft(overrides: Partial<BrandVoiceDraft> = {}): BrandVoiceDraft {
  return {
    name: 'Workshop',
    audience: 'People who buy handmade gifts',
    tone: 'Warm',
    wordsToUse: ['handmade'],
    wordsToAvoid: ['cheap'],
    sample: 'Every mug is thrown by hand in our Portland studio.',
    ...overrides,
  }
}
