/** Small string helpers shared by the local model's renderers. */

/** Escapes text for an element's content (the composer writes no attributes). */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

const MINOR_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'but',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'vs.',
  'with',
])

export function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word, index) => (index > 0 && MINOR_WORDS.has(word.toLowerCase()) ? word.toLowerCase() : capitalize(word)))
    .join(' ')
}

/**
 * A phrase as it reads inside a sentence: "Product designer at a startup" becomes "product designer
 * at a startup", while names ("Sunny Crumbs"), acronyms ("UX") and "I" keep their capitals.
 */
export function inSentence(phrase: string): string {
  const [first = '', second = ''] = phrase.split(/\s+/)
  if (first === 'I' || /^[A-Z0-9]{2,}/.test(first) || /[A-Z]/.test(first.slice(1))) return phrase
  if (/^[A-Z]/.test(second)) return phrase
  return phrase.charAt(0).toLowerCase() + phrase.slice(1)
}

/** Drops a leading article and trailing punctuation: "a senior data analyst." -> "senior data analyst". */
export function bare(phrase: string): string {
  return phrase
    .trim()
    .replace(/^(?:a|an|the)\s+(?=\S+\s)/i, '')
    .replace(/[\s.;:,!]+$/, '')
}

/** "UX tips, design systems and remote work" -> ["UX tips", "design systems", "remote work"]. */
export function splitList(text: string, max = 6): string[] {
  return text
    .split(/\s*(?:,|;|\/|\n|\band\b|\bor\b|&|\+)\s*/i)
    .map((item) => bare(item))
    .filter((item) => item.length > 1 && item.length <= 60)
    .slice(0, max)
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
  for (const match of text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu)) {
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
  const words = phrase.match(/[\p{L}\p{N}]+/gu) ?? []
  return `#${words.map((word) => (/^[A-Z0-9]+$/.test(word) ? word : capitalize(word.toLowerCase()))).join('')}`
}

/** Splits text into sentences, keeping their end punctuation. */
export function sentences(text: string): string[] {
  return (text.replace(/\s+/g, ' ').match(/[^.!?]+(?:[.!?]+["')\]]*|$)/g) ?? [])
    .map((sentence) => sentence.trim())
    .filter(Boolean)
}

const DANGLING_WORDS = /(?:[\s,;:–—-]+|\s+(?:a|an|the|and|or|of|for|to|with|in|on|at|by|from|one|your|our|my))+$/i

/** Cuts at a word boundary so the text fits `max` characters, without a dangling comma, dash or "the". */
export function fitTo(text: string, max: number | null): string {
  if (max === null || text.length <= max) return text
  const cut = text.slice(0, max + 1)
  const lastSpace = cut.lastIndexOf(' ')
  let fitted = (lastSpace > max * 0.5 ? cut.slice(0, lastSpace) : text.slice(0, max)).replace(DANGLING_WORDS, '')
  while (DANGLING_WORDS.test(fitted) && fitted.length > 0) fitted = fitted.replace(DANGLING_WORDS, '')
  return fitted
}

/** Whole parts (sentences, a call to action, an emoji) in order, as many as fit; the first always stays. */
export function fitParts(parts: readonly string[], max: number | null): string {
  const [first = '', ...rest] = parts.filter((part) => part !== '')
  let text = fitTo(first, max)
  for (const part of rest) {
    if (max !== null && text.length + 1 + part.length > max) continue
    text = `${text} ${part}`
  }
  return text
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

/** "a", "b", "c" -> "a, b and c". */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}
