import { describe, expect, it } from 'vitest'

import { atMostCharactersMessage, MEDIA_LIMITS } from './media-options.ts'
import { imageRequest } from './media.ts'

describe('the dedicated tools’ length message', () => {
  it('groups the digits as English does', () => {
    for (const max of [7, 999, 1_000, 4_096, 20_000, 123_456, 1_000_000]) {
      expect(atMostCharactersMessage(max)).toBe(`At most ${max.toLocaleString('en-US')} characters`)
    }
    expect(atMostCharactersMessage(MEDIA_LIMITS.paraphraseChars)).toBe('At most 5,000 characters')
  })

  it('is what a too-long prompt is told', () => {
    const prompt = 'a'.repeat(MEDIA_LIMITS.imagePromptChars + 1)
    const result = imageRequest.safeParse({ prompt })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('At most 1,000 characters')
  })
})
