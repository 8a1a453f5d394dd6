import { describe, expect, it } from 'vitest'

import { MAX_PIECE_CHARS, speakableText, splitIntoPieces } from './speech-text.ts'

describe('speakableText', () => {
  it('keeps plain text as it is', () => {
    expect(speakableText('Hello, world. It costs $4.50 (or 3%)!')).toBe('Hello, world. It costs $4.50 (or 3%)!')
  })

  it('turns typography, accents, emoji and control characters into what flite can read', () => {
    expect(speakableText('“Café” — it’s déjà vu…\u0000\t🎉 done\n\nnext')).toBe('"Cafe" - it\'s deja vu... done next')
  })
})

describe('splitIntoPieces', () => {
  it('keeps a short text whole', () => {
    expect(splitIntoPieces('One sentence. Two sentences.')).toEqual(['One sentence. Two sentences.'])
    expect(splitIntoPieces('   ')).toEqual([])
  })

  it('cuts between sentences and packs whole sentences together', () => {
    expect(splitIntoPieces('First one here. Second one! Third one? Fourth.', 30)).toEqual([
      'First one here. Second one!',
      'Third one? Fourth.',
    ])
  })

  it('cuts a long sentence between clauses, then between words, then anywhere', () => {
    expect(splitIntoPieces('alpha beta gamma, delta epsilon zeta', 20)).toEqual([
      'alpha beta gamma,',
      'delta epsilon zeta',
    ])
    expect(splitIntoPieces('alpha beta gamma delta epsilon', 12)).toEqual(['alpha beta', 'gamma delta', 'epsilon'])
    expect(splitIntoPieces('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)])
  })

  it('never makes a piece longer than the limit and loses no word of a 4,096-character text', () => {
    const text = Array.from(
      { length: 120 },
      (_, index) => `Sentence ${index} says something, then more, and more again.`,
    )
      .join(' ')
      .slice(0, 4_096)
    const pieces = splitIntoPieces(text)
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(MAX_PIECE_CHARS)
    expect(pieces.join(' ')).toBe(text)
  })
})
