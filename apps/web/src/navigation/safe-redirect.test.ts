import { describe, expect, it } from 'vitest'

import { safeRedirectPath } from './safe-redirect.ts'

describe('safeRedirectPath', () => {
  it('keeps a same-origin path with its query string', () => {
    expect(safeRedirectPath('/generate?id=abc&reffered=u1')).toBe('/generate?id=abc&reffered=u1')
    expect(safeRedirectPath('/profile')).toBe('/profile')
  })

  it.each([
    ['//evil.com'],
    ['//evil.com/profile'],
    ['https://evil.com'],
    ['http://evil.com/login'],
    ['/\\evil.com'],
    ['\\\\evil.com'],
    ['javascript:alert(1)'],
    ['evil.com'],
    ['/\t/evil.com'],
    [''],
  ])('rejects %j and falls back to the home page', (value) => {
    expect(safeRedirectPath(value)).toBe('/')
  })

  it('falls back when the parameter is missing or not a string', () => {
    expect(safeRedirectPath(undefined)).toBe('/')
    expect(safeRedirectPath(42)).toBe('/')
    expect(safeRedirectPath(['/profile'])).toBe('/')
  })

  it('uses the given fallback', () => {
    expect(safeRedirectPath('https://evil.com', '/profile')).toBe('/profile')
  })
})
