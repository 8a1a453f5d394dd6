import { describe, expect, it } from 'vitest'

import { escapeStrayPercents, escapeStrayPercentsInSearchPath } from './search-text-path.ts'

describe('escapeStrayPercents', () => {
  it.each([
    ['100%', '100%25'],
    ['50%%20off', '50%25%20off'],
    ['%', '%25'],
    ['%zz', '%25zz'],
    ['%2', '%252'],
    ['%FF', '%25FF'],
    ['%E9t%C3%A9', '%25E9t%C3%A9'],
    ['%C3', '%25C3'],
  ])('escapes the stray percent signs of %s as %s', (text, escaped) => {
    expect(escapeStrayPercents(text)).toBe(escaped)
  })

  it.each(['plain', 'caf%C3%A9', '100%25', 'a%20b', '%F0%9F%98%80', 'a%2Fb'])(
    'leaves %s, which decodes, as it is',
    (text) => {
      expect(escapeStrayPercents(text)).toBe(text)
    },
  )

  it('always gives text that decodes, to what was written where it did not', () => {
    for (const text of ['100%', '50%%20off', '%E9t%C3%A9', '%%%', 'x%C3%']) {
      expect(() => decodeURIComponent(escapeStrayPercents(text))).not.toThrow()
    }
    expect(decodeURIComponent(escapeStrayPercents('50%%20off'))).toBe('50% off')
    expect(decodeURIComponent(escapeStrayPercents('%E9t%C3%A9'))).toBe('%E9té')
  })
})

describe('escapeStrayPercentsInSearchPath', () => {
  it('rewrites only the search text of the search paths, not their query', () => {
    expect(escapeStrayPercentsInSearchPath('/api/v1/objects/searchObjects/100%')).toBe(
      '/api/v1/objects/searchObjects/100%25',
    )
    expect(escapeStrayPercentsInSearchPath('/api/v2/objects/searchObjects/5%?clerkId=%zz')).toBe(
      '/api/v2/objects/searchObjects/5%25?clerkId=%zz',
    )
  })

  it.each([
    '/api/v1/objects/getObjectByLabel/100%',
    '/trpc/tools.search?input=100%',
    '/100%',
    '/api/v3/objects/searchObjects/100%',
  ])('leaves %s as it is', (url) => {
    expect(escapeStrayPercentsInSearchPath(url)).toBe(url)
  })
})
