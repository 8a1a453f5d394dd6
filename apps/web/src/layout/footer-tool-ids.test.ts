import { INSTAGRAM_BIO_TOOL_ID, toolIdForSlug, X_TWITTER_BIO_TOOL_ID } from '@promptly/core/catalogue/tool-id'
import { describe, expect, it } from 'vitest'

describe('footer tool links', () => {
  it('use the ids derived from the bio generators’ slugs', () => {
    expect(X_TWITTER_BIO_TOOL_ID).toBe(toolIdForSlug('x-twitter-bio-generator'))
    expect(INSTAGRAM_BIO_TOOL_ID).toBe(toolIdForSlug('instagram-bio-generator'))
  })
})
