import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'

import { INSTAGRAM_BIO_TOOL_ID, X_TWITTER_BIO_TOOL_ID } from '@promptly/core/catalogue/footer-tool-ids'

import { toolIdForSlug } from './tool-id-for-slug.ts'

describe('toolIdForSlug', () => {
  it('is the first 16 bytes of SHA-256(slug) with the version 8 and variant bits set', () => {
    const digest = createHash('sha256').update('x-twitter-bio-generator').digest('hex')
    const id = toolIdForSlug('x-twitter-bio-generator').replaceAll('-', '')
    expect(id.slice(0, 12)).toBe(digest.slice(0, 12))
    expect(id[12]).toBe('8')
    expect(id.slice(13, 16)).toBe(digest.slice(13, 16))
    expect(['8', '9', 'a', 'b']).toContain(id[16])
    expect(id.slice(17)).toBe(digest.slice(17, 32))
  })

  it('gives a UUID that zod and PostgreSQL accept', () => {
    expect(z.uuid().safeParse(toolIdForSlug('instagram-bio-generator')).success).toBe(true)
  })

  it('is stable and tells slugs apart', () => {
    expect(toolIdForSlug('seo-meta-description-generator')).toBe(toolIdForSlug('seo-meta-description-generator'))
    expect(toolIdForSlug('instagram-caption-generator')).not.toBe(toolIdForSlug('instagram-bio-generator'))
  })

  it('derives multi-byte slugs from their UTF-8 bytes', () => {
    expect(toolIdForSlug('é🙂').slice(0, 8)).toBe(createHash('sha256').update('é🙂', 'utf8').digest('hex').slice(0, 8))
  })

  it('keeps the footer ids equal to the ids derived from the bio generators slugs', () => {
    expect(X_TWITTER_BIO_TOOL_ID).toBe(toolIdForSlug('x-twitter-bio-generator'))
    expect(INSTAGRAM_BIO_TOOL_ID).toBe(toolIdForSlug('instagram-bio-generator'))
  })
})
