import { describe, expect, it } from 'vitest'

import { containsPattern, escapeLikePattern, labelsMatching, normalizeSearchText } from './search-pattern.ts'

describe('escapeLikePattern', () => {
  it.each([
    ['100%', '100\\%'],
    ['snake_case', 'snake\\_case'],
    ['C:\\path', 'C:\\\\path'],
    ['\\%_', '\\\\\\%\\_'],
  ])('escapes the LIKE metacharacters in %s', (text, escaped) => {
    expect(escapeLikePattern(text)).toBe(escaped)
  })

  it.each(['(', '.*', "'", '[a-z]+', '$1', 'plain words'])('leaves %s alone: it means nothing to LIKE', (text) => {
    expect(escapeLikePattern(text)).toBe(text)
  })
})

describe('containsPattern', () => {
  it('wraps the escaped text in wildcards', () => {
    expect(containsPattern('50%_off')).toBe('%50\\%\\_off%')
  })
})

describe('normalizeSearchText', () => {
  it('trims, and gives null for blank text or text no stored value can contain', () => {
    expect(normalizeSearchText('  bio  ')).toBe('bio')
    expect(normalizeSearchText('   ')).toBeNull()
    expect(normalizeSearchText('a\u0000b')).toBeNull()
  })

  it('gives the text in NFC, the form names, taglines and labels are stored in', () => {
    expect(normalizeSearchText(' Cafe\u0301 ')).toBe('Caf\u00e9')
    expect(normalizeSearchText('\u212b')).toBe('\u00c5') // the Angstrom sign is Å in NFC
    expect(normalizeSearchText('')).toBeNull()
  })

  it('gives null for text holding a control character, which no name or tagline holds', () => {
    expect(normalizeSearchText('generator\u001fcreate')).toBeNull()
    expect(normalizeSearchText('bio\tgenerator')).toBeNull()
    expect(normalizeSearchText('bio\ngenerator')).toBeNull()
    expect(normalizeSearchText('\tbio\n')).toBe('bio')
  })
})

describe('labelsMatching', () => {
  const inUse = ['All Tools', 'SEO Tools', 'Email Tools', 'Instagram', "Social Media Bio's"]

  it('finds the labels containing the text, ignoring case', () => {
    expect(labelsMatching(inUse, 'tools')).toEqual(['SEO Tools', 'Email Tools'])
    expect(labelsMatching(inUse, 'INSTA')).toEqual(['Instagram'])
    expect(labelsMatching(inUse, "bio's")).toEqual(["Social Media Bio's"])
  })

  it('never matches All Tools, which every tool carries', () => {
    expect(labelsMatching(inUse, 'all')).toEqual([])
  })
})
