import { describe, expect, it } from 'vitest'

import { profileFromClaims } from './clerk-profile.ts'

describe('profileFromClaims', () => {
  it('reads the name, email and image_url custom claims', () => {
    expect(
      profileFromClaims({
        sub: 'user_1',
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        image_url: 'https://img.clerk.com/a',
      }),
    ).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com', imageUrl: 'https://img.clerk.com/a' })
  })

  it('is unusable without an e-mail (the default Clerk token has none)', () => {
    expect(profileFromClaims({ sub: 'user_1', sid: 'sess_1' })).toBeNull()
    expect(profileFromClaims({ sub: 'user_1', name: 'Ada', email: '' })).toBeNull()
    expect(profileFromClaims(null)).toBeNull()
  })

  it('reads email_verified as a boolean, also when a template rendered it as text', () => {
    expect(profileFromClaims({ email: 'ada@example.com', email_verified: true })).toEqual({
      email: 'ada@example.com',
      emailVerified: true,
    })
    expect(profileFromClaims({ email: 'ada@example.com', email_verified: 'false' })?.emailVerified).toBe(false)
    expect(profileFromClaims({ email: 'ada@example.com', email_verified: 'true' })?.emailVerified).toBe(true)
    expect(profileFromClaims({ email: 'ada@example.com', email_verified: 'yes' })).toEqual({ email: 'ada@example.com' })
    expect(profileFromClaims({ email: 'ada@example.com', email_verified: null })).toEqual({ email: 'ada@example.com' })
  })

  it('leaves out claims that are missing, null or not text', () => {
    expect(profileFromClaims({ email: 'ada@example.com', name: null, image_url: 42 })).toEqual({
      email: 'ada@example.com',
    })
    expect(profileFromClaims({ email: ' ada@example.com ', image_url: '' })).toEqual({ email: 'ada@example.com' })
  })
})
