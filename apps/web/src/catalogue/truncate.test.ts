import { describe, expect, it } from 'vitest'

import { BOOKMARK_NAME_MAX_CHARS } from './constants.ts'
import { truncateText } from './truncate.ts'

describe('truncateText', () => {
  it('keeps a name of 28 characters or fewer as it is', () => {
    expect(truncateText('Email Subject Line Generator', BOOKMARK_NAME_MAX_CHARS)).toBe('Email Subject Line Generator')
    expect(truncateText('AI Translator', BOOKMARK_NAME_MAX_CHARS)).toBe('AI Translator')
    expect(truncateText('', BOOKMARK_NAME_MAX_CHARS)).toBe('')
  })

  it('cuts a longer name to its first 28 characters plus "..."', () => {
    expect(truncateText('SEO Meta Description Generator', BOOKMARK_NAME_MAX_CHARS)).toBe(
      'SEO Meta Description Generat...',
    )
    expect(truncateText('YouTube Description Generator', BOOKMARK_NAME_MAX_CHARS)).toBe(
      'YouTube Description Generato...',
    )
  })

  it('does not leave a space before the ellipsis', () => {
    expect(truncateText('Product Description Generator', 8)).toBe('Product...')
  })

  it('counts an emoji as one character and never splits it', () => {
    expect(truncateText('🚀🚀🚀 Launch', 2)).toBe('🚀🚀...')
    expect(truncateText('🚀🚀', 2)).toBe('🚀🚀')
  })
})
