import { describe, expect, it } from 'vitest'

import { bearerTokenOf, carriesClerkSessionCookie } from './clerk-request-auth.ts'

describe("reading a request's Clerk credentials as Clerk's SDK does", () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['Bearer abc.def.ghi', 'abc.def.ghi'],
    ['Bearer abc extra', 'abc'],
    ['abc.def.ghi', 'abc.def.ghi'],
    ['Basic dXNlcjpwYXNz', undefined],
    ['bearer abc', undefined],
  ])('takes the token of Authorization %j as %j', (header, token) => {
    expect(bearerTokenOf(header)).toBe(token)
  })

  it.each([
    [undefined, false],
    ['theme=dark', false],
    ['__session=abc', true],
    ['theme=dark; __session_Ab12Cd34=abc', true],
    ['a=1;__session=x', true],
    ['__client_uat=0', false],
    ['my__session=abc', false],
    ['__sessionx=abc', false],
  ])('reads cookies %j as carrying a session token: %s', (header, carries) => {
    expect(carriesClerkSessionCookie(header)).toBe(carries)
  })
})
