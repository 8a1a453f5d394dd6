import { lookUp, senseCounts, synsetAt, type Synset, type WordNetPos } from './wordnet.ts'

/**
 * Picks a synonym that keeps the meaning, using how often each word sense was seen in WordNet's
 * sense-tagged corpus: the word must be used mostly in its first sense (else the text may mean
 * another one), and a candidate must itself have been seen used in that sense, as one of its own
 * main ones. "quick" gives "speedy"; "dog" gives nothing ("domestic dog" is no improvement).
 */

/** Words whose WordNet synonyms are wrong in most contexts (light verbs, very general nouns). */
const KEEP_AS_IS = new Set([
  'be',
  'have',
  'do',
  'get',
  'got',
  'make',
  'go',
  'take',
  'come',
  'give',
  'say',
  'tell',
  'let',
  'put',
  'set',
  'seem',
  'keep',
  'see',
  'know',
  'think',
  'want',
  'like',
  'look',
  'find',
  'feel',
  'become',
  'mean',
  'use',
  'work',
  'try',
  'call',
  'ask',
  'leave',
  'thing',
  'way',
  'time',
  'people',
  'person',
  'man',
  'woman',
  'one',
  'lot',
  'kind',
  'sort',
  'part',
  'place',
  'case',
  'point',
  'fact',
  'world',
  'life',
  'year',
  'day',
  'week',
  'month',
  'hour',
  'minute',
  'second',
  'today',
  'tonight',
  'tomorrow',
  'yesterday',
  'other',
  'same',
  'such',
  'own',
  'only',
  'even',
  'just',
  'also',
  'not',
  'so',
  'too',
  'then',
  'there',
  'here',
  'now',
  'well',
  'back',
  'more',
  'most',
  'much',
  'many',
  'few',
  'less',
  'least',
  'very',
  'still',
  'yet',
  'ever',
  'never',
  'always',
  'again',
  'first',
  'last',
  'next',
  'new',
  'old',
  'right',
  'left',
  'sure',
  'able',
  'due',
  'per',
  'etc',
  'okay',
  'please',
  'thanks',
  'hello',
  'yes',
  'no',
  'up',
  'down',
  'out',
  'off',
  'over',
  'away',
  'about',
  'around',
  'ago',
  // Prepositions that compromise sometimes tags as adjectives or adverbs.
  'behind',
  'before',
  'after',
  'above',
  'below',
  'under',
  'beneath',
  'beside',
  'between',
  'beyond',
  'inside',
  'outside',
  'within',
  'without',
  'through',
  'throughout',
  'across',
  'along',
  'among',
  'against',
  'toward',
  'towards',
  'onto',
  'into',
  'upon',
  'near',
  'past',
  'since',
  'until',
  'via',
  'unlike',
  'despite',
  'ahead',
  'apart',
  'aside',
])

/** How far down a candidate's own sense list the shared sense may sit (0 = its main sense). */
const MAX_CANDIDATE_SENSE_RANK = 1
/** Below this share of tagged uses for its first sense, a word is too ambiguous to swap. */
const MIN_MAIN_SENSE_SHARE = 0.5
/** Below this many tagged uses, the share says little. */
const MIN_TAGGED_USES_FOR_SHARE = 4
/** A candidate must be used in this sense at least this often, relative to the original word. */
const MIN_CANDIDATE_USE_RATIO = 0.05

export function canParaphrase(lemma: string): boolean {
  return !KEEP_AS_IS.has(lemma.toLowerCase())
}

/** The best synonym of `lemma` used as `pos`, or undefined when none is safe. */
export function synonymFor(lemma: string, pos: WordNetPos): string | undefined {
  const lower = lemma.toLowerCase()
  if (!canParaphrase(lower)) return undefined
  const entry = lookUp(lower, pos)
  const mainOffset = entry?.synsetOffsets[0]
  if (mainOffset === undefined) return undefined
  const main = synsetAt(mainOffset, pos)
  if (!main) return undefined
  const uses = senseCounts(lower, pos)
  const totalUses = [...uses.values()].reduce((sum, count) => sum + count, 0)
  if (totalUses >= MIN_TAGGED_USES_FOR_SHARE && (uses.get(mainOffset) ?? 0) / totalUses < MIN_MAIN_SENSE_SHARE)
    return undefined
  // Adjectives alone in their synset ("lazy") are left alone: their similar-to neighbours
  // ("slothful", but also "polar" for "different") drift too far from the meaning.
  return rankedCandidates(lower, main, (uses.get(mainOffset) ?? 0) * MIN_CANDIDATE_USE_RATIO)[0]
}

function rankedCandidates(lemma: string, synset: Synset, minimumUses: number): string[] {
  const scored: Array<{ word: string; rank: number; uses: number }> = []
  for (const word of synset.words) {
    // Single plain words only: no names (capitals), no multi-word phrases, nothing sharing a stem.
    if (!/^[a-z]+(-[a-z]+)?$/.test(word) || word === lemma) continue
    if (word.includes(lemma) || lemma.includes(word) || sharesStem(word, lemma)) continue
    const rank = lookUp(word, synset.pos)?.synsetOffsets.indexOf(synset.offset) ?? -1
    if (rank < 0 || rank > MAX_CANDIDATE_SENSE_RANK) continue
    const uses = senseCounts(word, synset.pos).get(synset.offset) ?? 0
    if (uses === 0 || uses < minimumUses) continue
    scored.push({ word, rank, uses })
  }
  return scored
    .sort((a, b) => b.uses - a.uses || a.rank - b.rank || a.word.localeCompare(b.word))
    .map((candidate) => candidate.word)
}

/** "speedily" for "speed": a change of ending only, which reads as the same word. */
function sharesStem(a: string, b: string): boolean {
  const stemLength = Math.min(a.length, b.length, 5)
  return stemLength >= 4 && a.slice(0, stemLength) === b.slice(0, stemLength)
}
