import type { ImageStyle } from '@promptly/core/generation/media-options'

import type { Random } from '../composer/seeded-random.ts'
import { singularOf, tagText, type TaggedTerm } from '../paraphrase/tagged-text.ts'
import type { IconLibrary } from './icon-library.ts'
import { NOT_SUBJECTS, PREFERRED, STYLE_MOTIFS, THEMES } from './subject-words.ts'

/**
 * Which emoji stand for the prompt's subjects. The prompt's nouns come first, in the order
 * written ("a cat and a rocket": cat, rocket), matched to icon names and their parts
 * ("car" finds racing-car); a few common words that name no icon point to one that fits. When no
 * noun matches, the other words' themes ("romantic" -> a heart), then the style's own motifs, make
 * sure a picture never comes out empty.
 */

export interface SubjectMatch {
  /** Icon names, most important first (1 to MAX_SUBJECTS). */
  icons: string[]
  /** The prompt's words the icons were found for (empty when the style's motifs were used). */
  words: string[]
  /** How the icons were chosen. */
  source: 'nouns' | 'themes' | 'style'
}

export const MAX_SUBJECTS = 4

export function matchSubjects(text: string, style: ImageStyle, library: IconLibrary, random: Random): SubjectMatch {
  const terms = tagText(text)
    .flat()
    .filter((term) => !term.implicit && /^[a-z][a-z'-]*$/u.test(term.normal))
  const found: Array<{ icon: string; word: string }> = []
  const add = (icon: string | undefined, word: string) => {
    if (icon && !found.some((entry) => entry.icon === icon)) found.push({ icon, word })
  }

  for (let i = 0; i < terms.length && found.length < MAX_SUBJECTS; i += 1) {
    // Names of two or three words first: "hot air balloon", "ice cream".
    const phrase = phraseIcon(terms, i, library)
    if (phrase) {
      add(phrase.icon, phrase.words)
      i += phrase.length - 1
      continue
    }
    const term = terms[i] as TaggedTerm
    if (!isSubjectNoun(term) || isVerbInDisguise(term, terms[i + 1])) continue
    const word = baseForm(term)
    // Some icons are named in the plural ("cherries", "books"): the word as written wins.
    add(library.has(term.normal) ? term.normal : iconForWord(word, library), word)
  }
  if (found.length > 0)
    return { icons: found.map((entry) => entry.icon), words: found.map((entry) => entry.word), source: 'nouns' }

  for (const term of terms) {
    if (found.length >= MAX_SUBJECTS - 1) break
    const word = baseForm(term)
    const themed = THEMES[term.normal] ?? THEMES[word]
    if (themed) for (const icon of themed.slice(0, 2)) add(library.has(icon) ? icon : undefined, term.normal)
    else if (term.normal.length > 3 && !NOT_SUBJECTS.has(word))
      add(iconForWord(word, library) ?? iconForWord(stem(word), library), term.normal)
  }
  if (found.length > 0)
    return { icons: found.map((entry) => entry.icon), words: found.map((entry) => entry.word), source: 'themes' }

  const motifs = STYLE_MOTIFS[style].filter((icon) => library.has(icon))
  return { icons: random.sample(motifs, random.int(2, 3)), words: [], source: 'style' }
}

function isSubjectNoun(term: TaggedTerm): boolean {
  if (!term.tags.has('Noun') || ['Pronoun', 'Value', 'Gerund', 'Verb'].some((tag) => term.tags.has(tag))) return false
  return !NOT_SUBJECTS.has(baseForm(term))
}

/**
 * compromise tags "building" in "robots building a bridge" as a noun; an -ing word followed by an
 * article or possessive is almost always a verb with its object.
 */
function isVerbInDisguise(term: TaggedTerm, next: TaggedTerm | undefined): boolean {
  return (
    term.normal.endsWith('ing') && next !== undefined && (next.tags.has('Determiner') || next.tags.has('Possessive'))
  )
}

function baseForm(term: TaggedTerm): string {
  if (term.tags.has('Plural')) return term.root ?? singularOf(term.normal)
  return term.normal
}

/** The longest icon name made of the words starting at `start` (three, then two). */
function phraseIcon(
  terms: readonly TaggedTerm[],
  start: number,
  library: IconLibrary,
): { icon: string; words: string; length: number } | undefined {
  for (const length of [3, 2]) {
    const slice = terms.slice(start, start + length)
    if (slice.length < length) continue
    const words = slice.map((term, index) => (index === length - 1 ? baseForm(term) : term.normal))
    const name = words.join('-')
    if (library.has(name)) return { icon: name, words: words.join(' '), length }
  }
  return undefined
}

/** The icon for one word: a preferred name, the exact name, else the simplest name with it as a part. */
export function iconForWord(word: string, library: IconLibrary): string | undefined {
  const preferred = PREFERRED[word]
  if (preferred && library.has(preferred)) return preferred
  if (library.has(word)) return word
  const withPart = library.namesWithPart(word)
  if (withPart.length > 0) {
    // The word as the name's last part is its head noun ("police-car" is a car, "car-park" is not).
    const ranked = [...withPart].sort((a, b) => rank(a, word) - rank(b, word) || a.localeCompare(b))
    return ranked[0]
  }
  const singular = simpleSingular(word)
  return singular === word ? undefined : iconForWord(singular, library)
}

function rank(name: string, word: string): number {
  const parts = name.split('-')
  return parts.length * 2 + (parts.at(-1) === word ? 0 : 1)
}

/** For words compromise did not tag as plural (and so did not singularise). */
export function simpleSingular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`
  if (word.length > 4 && /(?:ch|sh|x|ss)es$/u.test(word)) return word.slice(0, -2)
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1)
  return word
}

/** "sunny" -> "sun", "snowing" -> "snow": lets an adjective or verb find its noun's icon. */
function stem(word: string): string {
  const stripped = word.replace(/(?:ing|ed|y)$/u, '')
  return stripped.length >= 3 ? stripped.replace(/(.)\1$/u, '$1') : word
}
