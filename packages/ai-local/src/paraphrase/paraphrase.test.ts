import { describe, expect, it } from 'vitest'

import { paraphrase } from './paraphrase.ts'
import { reorderClauses, toggleContractions, varyConnectives } from './phrasing.ts'

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}'-]+/gu) ?? []

/** How many word positions differ (texts of equal word count) or the word-count change. */
function changedWords(before: string, after: string): number {
  const a = words(before)
  const b = words(after)
  if (a.length !== b.length) return Math.abs(a.length - b.length) + 1
  return a.filter((word, index) => word !== b[index]).length
}

describe('paraphrase', () => {
  it('rewrites the words that have a safe synonym and keeps the shape of the sentence', () => {
    const text = 'Small businesses need clear and honest marketing messages.'
    const result = paraphrase(text)
    expect(changedWords(text, result)).toBeGreaterThanOrEqual(2)
    expect(words(result)).toHaveLength(words(text).length)
    expect(result.endsWith('.')).toBe(true)
    // Conservative by design: a word with several common meanings stays, so some sentences change little.
    const bakery = 'Our bakery makes fresh bread every morning and sells delicious cakes to happy customers.'
    expect(changedWords(bakery, paraphrase(bakery))).toBeGreaterThanOrEqual(1)
  })

  it('keeps one line per line, blank lines included', () => {
    const text =
      'The quick brown fox jumps over the lazy dog.\n\nThe weather was very cold yesterday.\r\nWe walked home quickly.'
    const result = paraphrase(text)
    expect(result.split(/\r?\n/)).toHaveLength(4)
    expect(result.split(/\r?\n/)[1]).toBe('')
    expect(result).toContain('\r\n')
    expect(result).not.toBe(text)
  })

  it('keeps names, numbers and prices as they are', () => {
    const text = 'Call Ada Lovelace on 555-0199 before Friday to order 12 cupcakes for $30.'
    const result = paraphrase(text)
    for (const kept of ['Ada', 'Lovelace', '555-0199', 'Friday', '12', '$30']) expect(result).toContain(kept)
  })

  it('never answers with the text itself, even when no word has a synonym', () => {
    for (const text of ['Ada Lovelace', 'OK', 'Hello, Bob!', 'Is it 42?']) expect(paraphrase(text)).not.toBe(text)
  })

  it('gives the same paraphrase for the same text, and a different one for different text', () => {
    const text = 'Small businesses need clear and honest marketing messages.'
    expect(paraphrase(text)).toBe(paraphrase(text))
    expect(paraphrase(text)).not.toBe(paraphrase('Large companies need bold advertising campaigns.'))
  })

  it('leaves whitespace-only text alone', () => {
    expect(paraphrase('  \n ')).toBe('  \n ')
  })
})

describe('phrasing rewrites', () => {
  it('swaps connectives for their equivalents, once', () => {
    expect(varyConnectives('For example, we bake daily. However, we close on Mondays.')).toBe(
      'For instance, we bake daily. That said, we close on Mondays.',
    )
  })

  it('expands contractions, or makes them when there are none', () => {
    expect(toggleContractions("We don't open late.")).toBe('We do not open late.')
    expect(toggleContractions('It is open until six.')).toBe("It's open until six.")
  })

  it('moves an adverbial clause to the other end of its sentence', () => {
    expect(reorderClauses('When it rains, we stay inside.', new Set())).toBe('We stay inside when it rains.')
    expect(reorderClauses('We stay inside because it rains hard.', new Set())).toBe(
      'Because it rains hard, we stay inside.',
    )
  })
})
