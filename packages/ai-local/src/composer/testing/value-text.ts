/**
 * The reply and the user's values as words, for the value rules (value-rules.ts): a value's core,
 * the words of a text with and without punctuation breaks, where a value occurs verbatim, the
 * reply's lines and the character limits its tool states.
 */

/** A value as it reads inside a sentence: spaces collapsed, closing punctuation dropped. */
export function valueCore(value: string): string {
  return value
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s.,;:!?…]+$/u, '')
}

const TOKEN = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu
const WORD_OR_BREAK = /#[\p{L}\p{M}\p{N}_]+|[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*|[,.;:!?…|()"“”\n]/gu
/** What stands between two words that were not written next to each other: punctuation, a hashtag. */
export const BREAK = '¦'

/** The words of a text, lower-cased, in order (punctuation and emojis are not words). */
export function tokens(text: string): string[] {
  return (text.match(TOKEN) ?? []).map((token) => token.toLowerCase())
}

/**
 * The words of a text with its punctuation and hashtags as breaks: two values a comma apart, or
 * "#Pixel #Art", are not a run of words copied from anywhere.
 */
export function runTokens(text: string): string[] {
  return (text.match(WORD_OR_BREAK) ?? []).map((token) =>
    /^[\p{L}\p{M}\p{N}]/u.test(token) ? token.toLowerCase() : BREAK,
  )
}

/** Where `needle` occurs in `haystack` as a run of whole words: start positions. */
export function tokenRuns(haystack: readonly string[], needle: readonly string[]): number[] {
  const starts: number[] = []
  if (needle.length === 0) return starts
  for (let i = 0; i + needle.length <= haystack.length; i += 1) {
    if (needle.every((token, j) => haystack[i + j] === token)) starts.push(i)
  }
  return starts
}

const LETTER = /[\p{L}\p{M}\p{N}]/u

/**
 * Where `core` occurs in `text` as written, up to the case of its first letter (a sentence start
 * capitalises it, the middle of a sentence may lower it), not inside a longer word.
 */
export function verbatimAt(text: string, core: string): number[] {
  if (core === '') return []
  const first = core.charAt(0)
  const variants = new Set([core, first.toUpperCase() + core.slice(1), first.toLowerCase() + core.slice(1)])
  const found = new Set<number>()
  for (const variant of variants) {
    for (let at = text.indexOf(variant); at >= 0; at = text.indexOf(variant, at + 1)) {
      const before = text.charAt(at - 1)
      const after = text.charAt(at + variant.length)
      const boundaryBefore = at === 0 || !LETTER.test(before) || !LETTER.test(variant.charAt(0))
      const boundaryAfter = after === '' || !LETTER.test(after) || !LETTER.test(variant.charAt(variant.length - 1))
      if (boundaryBefore && boundaryAfter) found.add(at)
    }
  }
  return [...found].sort((a, b) => a - b)
}

/** The reply as text, one line per block (paragraph, list item, heading, line break) and bold label. */
export function replyLines(html: string): string[] {
  return html
    .replace(/<br>|<\/strong>/g, '\n')
    .replace(/<\/?(?:p|li|h[1-6]|blockquote|ol|ul)>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
}

/** A character limit the tool states ("at most 160 characters", "of 140 to 155 characters"), in order. */
export function characterLimits(prompt: string): number[] {
  const found = [...prompt.matchAll(/\b(?:at most|\d+ to) (\d+) characters\b/gi)]
  return found.map((match) => Number(match[1]))
}
