import { synonymFor } from './synonyms.ts'
import { comparativeOf, conjugate, pluralOf, superlativeOf, tagText, type TaggedTerm } from './tagged-text.ts'
import type { WordNetPos } from './wordnet.ts'

/**
 * Word-for-word swaps: each content word (noun, verb, adjective, adverb) that has a safe synonym
 * is replaced by it, inflected like the original (plural, past tense, gerund, comparative...).
 * Names, numbers, pronouns, auxiliaries and phrasal verbs are never touched; the rest of the line
 * (spaces, punctuation, bullets) is kept byte for byte, since only the swapped words are spliced.
 */

export interface SwappedLine {
  text: string
  swaps: number
  /** Lower-cased words tagged as names: later rewrites must not lower-case them. */
  properWords: ReadonlySet<string>
}

const NEVER_SWAPPED = [
  'ProperNoun',
  'Person',
  'Place',
  'Organization',
  'Acronym',
  'Value',
  'Money',
  'Date',
  'Month',
  'WeekDay',
  'Pronoun',
  'Determiner',
  'Preposition',
  'Conjunction',
  'Auxiliary',
  'Copula',
  'Modal',
  'Negative',
  'QuestionWord',
  'Url',
  'Email',
  'HashTag',
  'AtMention',
  'Emoji',
  'Emoticon',
  'Possessive',
  'PhrasalVerb',
  'Particle',
  'Expression',
  'Unit',
]

export function swapWords(line: string): SwappedLine {
  const properWords = new Set<string>()
  const replacements: Array<{ start: number; length: number; text: string }> = []
  let swaps = 0
  for (const sentence of tagText(line)) {
    sentence.forEach((term, index) => {
      if (term.tags.has('ProperNoun') || term.tags.has('Person') || term.tags.has('Place')) properWords.add(term.normal)
      const replacement = replacementFor(term, index === 0 || /[.!?:]\s*$/.test(sentence[index - 1]?.post ?? ''))
      if (!replacement || line.slice(term.start, term.start + term.length) !== term.text) return
      replacements.push({ start: term.start, length: term.length, text: replacement })
      swaps += 1
      const article = sentence[index - 1]
      if (
        article &&
        /^an?$/i.test(article.text) &&
        line.slice(article.start, article.start + article.length) === article.text
      ) {
        replacements.push({ start: article.start, length: article.length, text: articleFor(replacement, article.text) })
      }
    })
  }
  let text = line
  // From the end, so that earlier offsets stay valid.
  for (const { start, length, text: replacement } of replacements.sort((a, b) => b.start - a.start)) {
    text = text.slice(0, start) + replacement + text.slice(start + length)
  }
  return { text, swaps, properWords }
}

function replacementFor(term: TaggedTerm, startsSentence: boolean): string | undefined {
  if (term.implicit || term.start < 0 || term.length !== term.text.length) return undefined
  // Plain words only; a capital inside a sentence is a name compromise did not know.
  if (!/^[A-Za-z][a-z]+(-[a-z]+)?$/.test(term.text) || term.text.length < 3) return undefined
  if (/^[A-Z]/.test(term.text) && !startsSentence) return undefined
  if (NEVER_SWAPPED.some((tag) => term.tags.has(tag))) return undefined
  const pos = wordNetPos(term)
  if (!pos) return undefined
  const lemma = pos === 'adv' || pos === 'adj' ? term.normal : (term.root ?? term.normal)
  const base = pos === 'adj' ? adjectiveBase(term, lemma) : lemma
  if (!base) return undefined
  const synonym = synonymFor(base, pos)
  const inflected = synonym ? inflectLike(term, synonym, pos) : undefined
  if (!inflected || inflected.toLowerCase() === term.normal) return undefined
  return /^[A-Z]/.test(term.text) ? inflected[0]?.toUpperCase() + inflected.slice(1) : inflected
}

function wordNetPos(term: TaggedTerm): WordNetPos | undefined {
  if (term.tags.has('Verb')) return 'verb'
  if (term.tags.has('Adjective')) return 'adj'
  if (term.tags.has('Adverb')) return /ly$/.test(term.normal) ? 'adv' : undefined
  if (term.tags.has('Noun')) return 'noun'
  return undefined
}

/** compromise tags some plain adjectives Comparative ("brown"): believe it only for -er/-est words. */
function adjectiveBase(term: TaggedTerm, lemma: string): string | undefined {
  if (term.tags.has('Comparative') && /er$/.test(lemma)) return term.root && term.root !== lemma ? term.root : undefined
  if (term.tags.has('Superlative') && /est$/.test(lemma))
    return term.root && term.root !== lemma ? term.root : undefined
  return lemma
}

function inflectLike(term: TaggedTerm, synonym: string, pos: WordNetPos): string | undefined {
  if (pos === 'noun') return term.tags.has('Plural') ? pluralOf(synonym) : synonym
  if (pos === 'adj') {
    if (term.tags.has('Comparative') && /er$/.test(term.normal)) return comparativeOf(synonym)
    if (term.tags.has('Superlative') && /est$/.test(term.normal)) return superlativeOf(synonym)
    return synonym
  }
  if (pos === 'adv') return synonym
  const forms = conjugate(synonym)
  if (term.tags.has('Gerund')) return forms.Gerund
  if (term.tags.has('Participle')) return forms.Participle ?? forms.PastTense
  if (term.tags.has('PastTense')) return forms.PastTense
  if (term.tags.has('Infinitive')) return forms.Infinitive ?? synonym
  // Present tense: "builds" (third person) or "build".
  if (term.tags.has('PresentTense') && term.normal !== term.root && /s$/.test(term.normal)) return forms.PresentTense
  return forms.Infinitive ?? synonym
}

/** "a" or "an" for the word that now follows, in the original article's case. */
export function articleFor(nextWord: string, original: string): string {
  const vowelSound =
    /^(?:[aeio]|u(?!ni|s[eu]|t[ei]|r[aeiou])|hour|honest|honou?r|heir)/i.test(nextWord) &&
    !/^(?:one|once|eu)/i.test(nextWord)
  const article = vowelSound ? 'an' : 'a'
  return /^A/.test(original) ? article[0]?.toUpperCase() + article.slice(1) : article
}
