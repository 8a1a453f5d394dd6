import { describe, expect, it } from 'vitest'

import { isAdmin, localSignUpInput } from './user.ts'

describe('isAdmin', () => {
  const verified = new Date('2026-11-01T00:00:00Z')
  it('accepts the admin role whatever the e-mail', () => {
    expect(isAdmin({ role: 'admin', email: 'x@example.com', emailVerifiedAt: null }, [])).toBe(true)
  })
  it('accepts a verified address from ADMIN_EMAILS, ignoring case and spaces', () => {
    expect(isAdmin({ role: 'user', email: 'Ada@Example.com', emailVerifiedAt: verified }, [' ada@example.com'])).toBe(
      true,
    )
  })
  it('refuses a listed address that has not been verified: registering it first proves nothing', () => {
    expect(isAdmin({ role: 'user', email: 'ada@example.com', emailVerifiedAt: null }, ['ada@example.com'])).toBe(false)
  })
  it('refuses everyone else, and an empty e-mail even if the list has a blank', () => {
    expect(isAdmin({ role: 'user', email: 'bob@example.com', emailVerifiedAt: verified }, ['ada@example.com'])).toBe(
      false,
    )
    expect(isAdmin({ role: 'user', email: '', emailVerifiedAt: verified }, [''])).toBe(false)
  })
})

describe('localSignUpInput', () => {
  it('refuses short passwords with a message that says the minimum', () => {
    const result = localSignUpInput.safeParse({ name: 'Ada', email: 'ada@example.com', password: 'short' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('Password must be at least 8 characters')
  })
  it('refuses a malformed e-mail', () => {
    expect(localSignUpInput.safeParse({ name: 'Ada', email: 'nope', password: 'long enough' }).success).toBe(false)
  })
})
