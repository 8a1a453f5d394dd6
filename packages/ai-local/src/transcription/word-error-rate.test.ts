import { describe, expect, it } from 'vitest'

import { normalizedWords, wordEditDistance, wordErrorRate } from './word-error-rate.ts'

describe('normalizedWords', () => {
  it('lower-cases, drops punctuation and keeps apostrophes inside words', () => {
    expect(normalizedWords('The Fox, "quickly" — didn\'t JUMP! (twice)')).toEqual([
      'the',
      'fox',
      'quickly',
      "didn't",
      'jump',
      'twice',
    ])
    expect(normalizedWords("  'quoted'  Café ")).toEqual(['quoted', 'cafe'])
    expect(normalizedWords('...')).toEqual([])
  })
})

describe('wordEditDistance', () => {
  it('counts substitutions, deletions and insertions of whole words', () => {
    expect(wordEditDistance(['a', 'b', 'c'], ['a', 'b', 'c'])).toBe(0)
    expect(wordEditDistance(['a', 'b', 'c'], ['a', 'x', 'c'])).toBe(1)
    expect(wordEditDistance(['a', 'b', 'c'], ['a', 'c'])).toBe(1)
    expect(wordEditDistance(['a', 'b', 'c'], ['a', 'b', 'x', 'c'])).toBe(1)
    expect(wordEditDistance(['a', 'b'], [])).toBe(2)
    expect(wordEditDistance([], ['a'])).toBe(1)
    // "kitten" to "sitting", one letter a word: the classic three edits.
    expect(wordEditDistance([...'kitten'], [...'sitting'])).toBe(3)
  })
})

describe('wordErrorRate', () => {
  const said = 'The quick brown fox jumps over the lazy dog near the river bank.'

  it('is 0 for a perfect transcript, whatever its case and punctuation', () => {
    expect(wordErrorRate(said, 'the quick brown fox jumps over the lazy dog near the river bank')).toBe(0)
  })

  it('is the edits divided by the words said', () => {
    expect(wordErrorRate(said, 'The quick brown fox jumped over the lazy dog near the river bank.')).toBeCloseTo(1 / 13)
    // "riverbank" for "river bank": one substitution and one deletion.
    expect(wordErrorRate(said, 'The quick brown fox jumps over the lazy dog near the riverbank.')).toBeCloseTo(2 / 13)
    expect(wordErrorRate('one two three four', 'one four')).toBe(0.5)
  })

  it('can exceed 1 when many words are added, and is 1 when nothing was heard', () => {
    expect(wordErrorRate('yes', 'no no no')).toBe(3)
    expect(wordErrorRate(said, '')).toBe(1)
  })

  it('handles an empty reference', () => {
    expect(wordErrorRate('', '')).toBe(0)
    expect(wordErrorRate('  ', 'something')).toBe(1)
  })
})
