/** Small string helpers shared by the local model's renderers. */

/** Escapes text for an element's content (the composer writes no attributes). */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can do does for from had has have how i if in into is it its just me my ' +
    'not of on or our so than that the their them then there these they this those to up us was we were what when ' +
    'where which who why will with you your about after all also any each every more most other over some such ' +
    'very via who whose while being get gets make makes made like want wants help helps people things thing ' +
    'e.g eg etc ie'
  ).split(' '),
)

/** The words that carry meaning, in order of first appearance, without repeats. */
export function contentWords(text: string, max = 8): string[] {
  const seen = new Set<string>()
  const words: string[] = []
  for (const match of text.matchAll(/[\p{L}\p{N}][\p{L}\p{M}\p{N}'-]*/gu)) {
    const word = match[0]
    const key = word.toLowerCase()
    if (key.length < 3 || STOP_WORDS.has(key) || seen.has(key) || /^\d+$/.test(key)) continue
    seen.add(key)
    words.push(word)
    if (words.length >= max) break
  }
  return words
}

/** "design systems" -> "#DesignSystems"; "UX tips" -> "#UXTips". */
export function hashtag(phrase: string): string {
  const words = phrase.match(/[\p{L}\p{M}\p{N}]+/gu) ?? []
  return `#${words.map((word) => (/^[A-Z0-9]+$/.test(word) ? word : capitalize(word.toLowerCase()))).join('')}`
}

/** Splits text into sentences, keeping their end punctuation. */
export function sentences(text: string): string[] {
  return (text.replace(/\s+/g, ' ').match(/[^.!?]+(?:[.!?]+["')\]]*|$)/g) ?? [])
    .map((sentence) => sentence.trim())
    .filter(Boolean)
}

/**
 * Whole parts (sentences, a call to action, an emoji) in order, as many as fit within `max`
 * characters joined by spaces; a part that does not fit is left out, never cut, since a part may
 * hold the user's words. None when not even the first part fits.
 */
export function fittingParts(parts: readonly string[], max: number | null): string[] {
  const kept: string[] = []
  let length = -1
  for (const part of parts) {
    if (part === '') continue
    if (max === null || length + 1 + part.length <= max) {
      kept.push(part)
      length += 1 + part.length
    } else if (kept.length === 0) return []
  }
  return kept
}

/** fittingParts as one text. */
export function fitWhole(parts: readonly string[], max: number | null): string {
  return fittingParts(parts, max).join(' ')
}

const NUMBER_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
]

export function numberWord(count: number): string {
  return NUMBER_WORDS[count] ?? String(count)
}

export function wordNumber(word: string): number | null {
  if (/^\d+$/.test(word)) return Number(word)
  const index = NUMBER_WORDS.indexOf(word.toLowerCase())
  return index >= 0 ? index : null
}
