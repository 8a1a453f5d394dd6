import { describe, expect, it } from 'vitest'
import { isAdmin, localSignUpInput } from './user.ts'

describe('isAdmin', () => {
  it('accepts the admin role whatever the e-mail', () => {
    expect(isAdmin({ role: 'admin', email: 'x@example.com' }, [])).toBe(true)
  })
  it('accepts an address from ADMIN_EMAILS, ignoring case and spaces', () => {
    expect(isAdmin({ role: 'user', email: 'Ada@Example.com' }, [' ada@example.com'])).toBe(true)
  })
  it('refuses everyone else, and an empty e-mail even if the list has a blank', () => {
    expect(isAdmin({ role: 'user', email: 'bob@example.com' }, ['ada@example.com'])).toBe(false)
    expect(isAdmin({ role: 'user', email: '' }, [''])).toBe(false)
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
