import { describe, expect, it } from 'vitest'

import { isValidMediaUrlSignature, MEDIA_URL_LIFETIME_SECONDS, signMediaUrl } from './media-url-signature.ts'

const SECRET = 'a-media-secret-of-at-least-32-characters'
const ID = '0b6f4a52-3c1e-4f0e-9d7b-6a2f1c8e5d40'
const OTHER_ID = '7e0c2d9a-5b4f-4c3e-8a1d-2f6b9e0c7d51'
const NOW = 1_780_000_000
const EXP = NOW + MEDIA_URL_LIFETIME_SECONDS

/** The query a signed URL carries, as the server reads it: text. */
const queryOf = ({ exp, sig }: { exp: number; sig: string }) => ({ exp: String(exp), sig })

describe('signed media URLs', () => {
  it('lasts the 7 days an S3 presigned URL may at most', () => {
    expect(MEDIA_URL_LIFETIME_SECONDS).toBe(604_800)
  })

  it('accepts its own signature until the second it expires, and not from then on', () => {
    const query = queryOf(signMediaUrl(SECRET, ID, EXP))
    expect(query.sig).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(isValidMediaUrlSignature(SECRET, ID, query, NOW)).toBe(true)
    expect(isValidMediaUrlSignature(SECRET, ID, query, EXP - 1)).toBe(true)
    expect(isValidMediaUrlSignature(SECRET, ID, query, EXP)).toBe(false)
    expect(isValidMediaUrlSignature(SECRET, ID, query, EXP + 3600)).toBe(false)
  })

  it('refuses a signature moved to another file, or made with another secret', () => {
    const query = queryOf(signMediaUrl(SECRET, ID, EXP))
    expect(isValidMediaUrlSignature(SECRET, OTHER_ID, query, NOW)).toBe(false)
    expect(isValidMediaUrlSignature(`${SECRET}-rotated`, ID, query, NOW)).toBe(false)
    expect(
      isValidMediaUrlSignature(SECRET, ID, queryOf(signMediaUrl('another-secret-of-32-characters!!', ID, EXP)), NOW),
    ).toBe(false)
  })

  it('refuses a later expiry written over a valid signature, and any altered signature', () => {
    const { sig } = signMediaUrl(SECRET, ID, EXP)
    expect(isValidMediaUrlSignature(SECRET, ID, { exp: String(EXP + 86_400), sig }, NOW)).toBe(false)
    const flipped = `${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`
    expect(isValidMediaUrlSignature(SECRET, ID, { exp: String(EXP), sig: flipped }, NOW)).toBe(false)
  })

  it('refuses whatever is not a signature: missing, repeated, padded, not a number', () => {
    const { exp, sig } = queryOf(signMediaUrl(SECRET, ID, EXP))
    const refused = [
      {},
      { exp },
      { sig },
      { exp: [exp, exp], sig },
      { exp, sig: [sig, sig] },
      { exp: ` ${exp}`, sig },
      { exp: `${exp}.0`, sig },
      { exp: '1e12', sig },
      { exp, sig: `${sig}=` },
      { exp, sig: sig.slice(1) },
    ]
    for (const query of refused)
      expect(isValidMediaUrlSignature(SECRET, ID, query, NOW), JSON.stringify(query)).toBe(false)
  })
})
