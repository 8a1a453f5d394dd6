import { synonymFor } from './synonyms.ts'
import type { WordNetPos } from './wordnet.ts'

const PARTS_OF_SPEECH: readonly WordNetPos[] = ['adj', 'noun', 'verb', 'adv']

/**
 * A paraphrase without a brand voice's words to avoid: each avoided word (whole, in any case) takes
 * a WordNet synonym that is not avoided itself, or is left out when it has none; an avoided phrase
 * of several words is left out. Capitals at the start of a word are kept.
 */
export function withoutAvoidedWords(text: string, avoided: readonly string[]): string {
  const banned = avoided.map((word) => word.trim().toLowerCase()).filter((word) => word !== '')
  let result = text
  for (const word of banned) {
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, 'giu')
    const replacement = word.includes(' ') ? undefined : replacementFor(word, banned)
    result = result.replace(pattern, (found) => (replacement ? matchCase(found, replacement) : ''))
  }
  // A word left out leaves two spaces, or a space before punctuation.
  return result
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/ +([.,;:!?])/g, '$1')
    .replace(/^ +| +$/gm, '')
}

function replacementFor(word: string, banned: readonly string[]): string | undefined {
  for (const pos of PARTS_OF_SPEECH) {
    const synonym = synonymFor(word, pos)
    if (synonym && !banned.includes(synonym.toLowerCase()) && synonym.toLowerCase() !== word) return synonym
  }
  return undefined
}

function matchCase(found: string, replacement: string): string {
  return /^\p{Lu}/u.test(found) ? replacement.charAt(0).toUpperCase() + replacement.slice(1) : replacement
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
