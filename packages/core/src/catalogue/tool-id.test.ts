import { createHash } from 'node:crypto'
import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { INSTAGRAM_BIO_TOOL_ID, X_TWITTER_BIO_TOOL_ID, sha256, toolIdForSlug } from './tool-id.ts'

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex')
}

describe('sha256', () => {
  it('matches the FIPS 180-4 test vectors', () => {
    expect(hex(sha256(new TextEncoder().encode('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    )
    expect(hex(sha256(new Uint8Array()))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
  })

  it('agrees with node:crypto across padding boundaries and multi-byte text', () => {
    const inputs = ['a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'a'.repeat(119), 'é🙂 slug '.repeat(40)]
    for (const input of inputs) {
      expect(hex(sha256(new TextEncoder().encode(input)))).toBe(createHash('sha256').update(input).digest('hex'))
    }
  })
})

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

  it('keeps the footer ids equal to the ids derived from the bio generators slugs', () => {
    expect(X_TWITTER_BIO_TOOL_ID).toBe(toolIdForSlug('x-twitter-bio-generator'))
    expect(INSTAGRAM_BIO_TOOL_ID).toBe(toolIdForSlug('instagram-bio-generator'))
  })
})
