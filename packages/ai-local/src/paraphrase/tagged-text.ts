import nlp from 'compromise'

/**
 * compromise, seen through the few typed pieces the paraphraser and the image renderer need: the
 * tagged terms of a text (with their place in it) and the word-form transforms. compromise types
 * `json()` as `any` and its transform methods as `object`, so both are narrowed here, once.
 */

export interface TaggedTerm {
  /** The word as written (empty for the hidden half of a contraction). */
  text: string
  /** Lower case, punctuation removed. */
  normal: string
  /** The dictionary form compromise found (infinitive, singular), when it differs. */
  root: string | undefined
  tags: ReadonlySet<string>
  /** Where the word starts in the text given to tagText, and its length. */
  start: number
  length: number
  /** Set for the words a contraction stands for ("do" and "not" in "don't"). */
  implicit: boolean
  /** Punctuation and spaces after the word. */
  post: string
}

export type TaggedSentence = TaggedTerm[]

interface JsonTerm {
  text: string
  normal?: string
  root?: string
  implicit?: string
  post?: string
  tags?: string[]
  offset?: { start: number; length: number }
}

export function tagText(text: string): TaggedSentence[] {
  const doc = nlp(text)
  doc.compute('root')
  const sentences = doc.json({ offset: true, terms: { offset: true } }) as Array<{ terms: JsonTerm[] }>
  return sentences.map((sentence) =>
    sentence.terms.map((term) => ({
      text: term.text,
      normal: term.normal ?? term.text.toLowerCase(),
      root: term.root,
      tags: new Set(term.tags ?? []),
      start: term.offset?.start ?? -1,
      length: term.offset?.length ?? 0,
      implicit: Boolean(term.implicit),
      post: term.post ?? '',
    })),
  )
}

export interface VerbForms {
  Infinitive?: string
  PastTense?: string
  PresentTense?: string
  Gerund?: string
  Participle?: string
}

interface Transforms {
  verb: { conjugate(infinitive: string, model: object): VerbForms }
  noun: { toPlural(singular: string, model: object): string; toSingular(plural: string, model: object): string }
  adjective: {
    toComparative(adjective: string, model: object): string
    toSuperlative(adjective: string, model: object): string
  }
}

let transforms: Transforms | undefined
const model = nlp.model()

/** compromise's own conjugation tables, called directly: parsing a word with nlp() first is 1,000x slower. */
function wordTransforms(): Transforms {
  if (!transforms) {
    const methods = nlp.methods() as { two?: { transform?: Transforms } }
    const found = methods.two?.transform
    if (!found || typeof found.verb?.conjugate !== 'function' || typeof found.noun?.toPlural !== 'function') {
      throw new Error('This compromise version does not expose its word transforms.')
    }
    transforms = found
  }
  return transforms
}

export function conjugate(infinitive: string): VerbForms {
  return wordTransforms().verb.conjugate(infinitive, model)
}

export function pluralOf(noun: string): string {
  return wordTransforms().noun.toPlural(noun, model)
}

export function singularOf(noun: string): string {
  return wordTransforms().noun.toSingular(noun, model)
}

export function comparativeOf(adjective: string): string {
  return wordTransforms().adjective.toComparative(adjective, model)
}

export function superlativeOf(adjective: string): string {
  return wordTransforms().adjective.toSuperlative(adjective, model)
}
