import { list, paragraph, type RenderContext } from './render-context.ts'
import { capitalize, contentWords, escapeHtml, sentences } from './text-tools.ts'

/**
 * Work on the user's own text, honestly within what rules can do: an extractive summary (the most
 * representative sentences, in order), a lexical rewrite (synonyms, contractions, filler removal),
 * mechanical corrections (spacing, capitals, repeated words, common misspellings). Translation
 * needs a real model, and the answer says so.
 */

const SYNONYMS: Record<string, readonly string[]> = {
  help: ['assist', 'support'],
  helps: ['assists', 'supports'],
  use: ['rely on', 'work with'],
  get: ['receive', 'gain'],
  big: ['large', 'major'],
  small: ['modest', 'minor'],
  important: ['key', 'essential'],
  start: ['begin', 'launch'],
  show: ['demonstrate', 'reveal'],
  shows: ['demonstrates', 'reveals'],
  buy: ['purchase', 'pick up'],
  need: ['require', 'call for'],
  quick: ['fast', 'swift'],
  quickly: ['promptly', 'swiftly'],
  often: ['frequently', 'regularly'],
  improve: ['strengthen', 'enhance'],
  easy: ['simple', 'straightforward'],
  hard: ['difficult', 'demanding'],
  good: ['solid', 'strong'],
  great: ['excellent', 'remarkable'],
  bad: ['poor', 'weak'],
  think: ['believe', 'feel'],
  change: ['shift', 'adjust'],
  make: ['create', 'produce'],
  many: ['numerous', 'plenty of'],
  also: ['as well', 'in addition'],
  but: ['yet', 'however'],
  because: ['since', 'as'],
  try: ['attempt', 'test'],
  way: ['approach', 'method'],
  problem: ['issue', 'challenge'],
  idea: ['concept', 'notion'],
}

const FILLERS = /\b(?:really|very|just|actually|basically|literally|quite|simply|totally|definitely)\s+/gi

const CONTRACTIONS: Array<[RegExp, string]> = [
  [/\bdo not\b/gi, "don't"],
  [/\bdoes not\b/gi, "doesn't"],
  [/\bcannot\b/gi, "can't"],
  [/\bit is\b/gi, "it's"],
  [/\bwe are\b/gi, "we're"],
  [/\byou are\b/gi, "you're"],
  [/\bwill not\b/gi, "won't"],
  [/\bI am\b/g, "I'm"],
]

const MISSPELLINGS: Record<string, string> = {
  teh: 'the',
  recieve: 'receive',
  seperate: 'separate',
  definately: 'definitely',
  occured: 'occurred',
  untill: 'until',
  wich: 'which',
  alot: 'a lot',
  thier: 'their',
  becuase: 'because',
  goverment: 'government',
  tommorow: 'tomorrow',
  accomodate: 'accommodate',
  existance: 'existence',
  begining: 'beginning',
  beleive: 'believe',
  wierd: 'weird',
  truely: 'truly',
}

const BRITISH: Record<string, string> = {
  color: 'colour',
  favorite: 'favourite',
  organize: 'organise',
  realize: 'realise',
  center: 'centre',
  analyze: 'analyse',
  behavior: 'behaviour',
  traveling: 'travelling',
}

/** How each takeaway points at a key term of the text: one frame each, so they read differently. */
const TAKEAWAY_FRAMES = [
  'Look again at {term}: it is what the text keeps coming back to.',
  'Keep {term} in mind; much of the text turns on it.',
  'If you remember one thing, make it the part about {term}.',
]

export function renderSummary(ctx: RenderContext): string {
  const all = sentences(ctx.brief.sourceText)
  const length = ctx.brief.format ?? ''
  const wanted = /one sentence/i.test(length) ? 1 : /5 bullet/i.test(length) ? 5 : 3
  const frequency = new Map<string, number>()
  for (const word of contentWords(ctx.brief.sourceText, 500)) frequency.set(word.toLowerCase(), 0)
  for (const match of ctx.brief.sourceText.toLowerCase().matchAll(/[\p{L}\p{N}'-]+/gu)) {
    if (frequency.has(match[0])) frequency.set(match[0], (frequency.get(match[0]) ?? 0) + 1)
  }
  const scored = all.map((sentence, index) => {
    const words = sentence.toLowerCase().match(/[\p{L}\p{N}'-]+/gu) ?? []
    const score = words.reduce((sum, word) => sum + (frequency.get(word) ?? 0), 0) / Math.max(4, words.length)
    return { sentence, index, score: score + (index === 0 ? 0.5 : 0) }
  })
  const chosen = [...scored]
    .sort((a, b) => b.score - a.score)
    .slice(0, wanted)
    .sort((a, b) => a.index - b.index)
    .map((item) => item.sentence)
  const body = /bullet/i.test(length)
    ? list(summaryPoints(chosen, wanted, ctx.brief.sourceText))
    : paragraph(chosen.join(' '))
  const takeaways = /practical takeaways/i.test(ctx.instructions) && !/do not add takeaways/i.test(ctx.instructions)
  const keyTerms = contentWords(ctx.brief.sourceText, 3)
  return (
    body +
    (takeaways
      ? `<h3>Takeaways` +
        `</h3>${list(
          keyTerms.map((term, i) =>
            (TAKEAWAY_FRAMES[i % TAKEAWAY_FRAMES.length] ?? '{term}').replace('{term}', () => term),
          ),
        )}`
      : '')
  )
}

/**
 * Exactly `wanted` bullets from a text that may have fewer sentences: the longest sentence is split
 * at a clause break until there are enough; a text too short even for that adds its key terms.
 */
function summaryPoints(chosen: string[], wanted: number, sourceText: string): string[] {
  const points = [...chosen]
  while (points.length < wanted) {
    const longest = points
      .map((point, index) => ({ index, parts: clausesOf(point) }))
      .filter(({ parts }) => parts.length === 2)
      .sort((a, b) => (points[b.index]?.length ?? 0) - (points[a.index]?.length ?? 0))[0]
    if (!longest) break
    points.splice(longest.index, 1, ...longest.parts)
  }
  for (const term of contentWords(sourceText, 40)) if (points.length < wanted) points.push(`Key term: ${term}.`)
  return points.slice(0, wanted)
}

const CLAUSE_BREAK =
  /,\s+(?:and|but|so|which|while|because|although)\s+|;\s+|\s+(?:but|because|while|although|so that)\s+/g

/** A sentence as two clauses at the break nearest its middle, each of three words or more. */
function clausesOf(sentence: string): string[] {
  const breaks = [...sentence.matchAll(CLAUSE_BREAK)].filter((match) => {
    const before = sentence.slice(0, match.index).split(/\s+/).length
    const after = sentence.slice((match.index ?? 0) + match[0].length).split(/\s+/).length
    return before >= 3 && after >= 3
  })
  const middle = sentence.length / 2
  const best = breaks.sort((a, b) => Math.abs((a.index ?? 0) - middle) - Math.abs((b.index ?? 0) - middle))[0]
  if (best?.index === undefined) return [sentence]
  const first = sentence.slice(0, best.index).replace(/[,;\s]+$/, '')
  const second = sentence.slice(best.index + best[0].length)
  return [`${capitalize(first)}.`, capitalize(/[.!?]$/.test(second) ? second : `${second}.`)]
}

export function renderRewrite(ctx: RenderContext): string {
  const formal = /\b(?:formal|professional|diplomatic)\b/i.test(ctx.brief.toneWord ?? '')
  const shorter = /as short as possible/i.test(ctx.instructions)
  const paragraphs = ctx.brief.sourceText.split(/\n\s*\n|\n/).filter((part) => part.trim() !== '')
  const rewritten = paragraphs.map((part) => {
    let text = part.replace(/\b[\p{L}']+\b/gu, (word) => swapWord(word, ctx))
    if (shorter) text = text.replace(FILLERS, '')
    text = formal ? expandContractions(text) : contract(text)
    return capitalize(text.trim())
  })
  const result = shorter
    ? rewritten.map((part) =>
        sentences(part)
          .slice(0, Math.max(1, Math.ceil(sentences(part).length / 2)))
          .join(' '),
      )
    : rewritten
  return result.map(paragraph).join('')
}

export function renderGrammarFix(ctx: RenderContext): string {
  const british = /british|australian/i.test(ctx.instructions)
  const changes = new Set<string>()
  const fixed = ctx.brief.sourceText
    .split(/\n\s*\n|\n/)
    .filter((part) => part.trim() !== '')
    .map((part) => {
      let text = part.replace(/[ \t]{2,}/g, () => (changes.add('Removed extra spaces'), ' '))
      // Spelling first, so that "teh the" becomes a repeated word the next step removes.
      text = text.replace(/\b[\p{L}]+\b/gu, (word) => {
        const lower = word.toLowerCase()
        const correct = MISSPELLINGS[lower] ?? (british ? BRITISH[lower] : undefined)
        if (!correct) return word
        changes.add(
          MISSPELLINGS[lower] ? `Corrected spelling: ${lower} → ${correct}` : `British spelling: ${lower} → ${correct}`,
        )
        return word[0] === word[0]?.toUpperCase() ? capitalize(correct) : correct
      })
      // " .next" is a misplaced space: the stop belongs to the word before, the space after it.
      text = text.replace(
        /\s+([.!?])(?=\p{L})/gu,
        (_, mark: string) => (changes.add('Moved a space to after the full stop'), `${mark} `),
      )
      text = text.replace(
        /\s+([,.;:!?])/g,
        (_, mark: string) => (changes.add('Removed spaces before punctuation'), mark),
      )
      text = text.replace(
        /([,;:])(?=[^\s\d])/g,
        (mark: string) => (changes.add('Added a space after punctuation'), `${mark} `),
      )
      text = text.replace(/\b(\w+)\s+\1\b/gi, (_, word: string) => (changes.add('Removed repeated words'), word))
      text = text.replace(/\bi\b/g, () => (changes.add('Capitalised "I"'), 'I'))
      text = text.replace(
        /(^|[.!?]\s+)([a-z])/g,
        (_, before: string, letter: string) => (
          changes.add('Capitalised sentence starts'),
          before + letter.toUpperCase()
        ),
      )
      if (!/[.!?"')]$/.test(text.trim())) {
        changes.add('Added a full stop at the end')
        text = `${text.trim()}.`
      }
      return text.trim()
    })
  const explain = /list the main changes/i.test(ctx.instructions)
  return (
    fixed.map(paragraph).join('') +
    (explain
      ? `<h3>Changes` +
        `</h3>${list(
          changes.size > 0 ? [...changes] : ['No mechanical errors found; ' + 'the wording was kept as it was.'],
        )}`
      : '')
  )
}

export function renderTranslationNotice(ctx: RenderContext): string {
  const language = /translate it into ([^.\n]+)/i.exec(ctx.instructions)?.[1] ?? 'another language'
  return (
    `<p><em>${escapeHtml(
      `The built-in local model cannot translate into ${language}: translation needs a real language ` +
        `model. Connect an OpenAI-compatible server (set OPENAI_API_KEY or OPENAI_BASE_URL) to translate.`,
    )}</em></p>` + `<h3>Your text</h3>${ctx.brief.sourceText.split(/\n+/).map(paragraph).join('')}`
  )
}

function swapWord(word: string, ctx: RenderContext): string {
  const options = SYNONYMS[word.toLowerCase()]
  if (!options || !ctx.random.chance(0.7)) return word
  const replacement = ctx.random.pick(options)
  return word[0] === word[0]?.toUpperCase() ? capitalize(replacement) : replacement
}

function contract(text: string): string {
  return CONTRACTIONS.reduce(
    (current, [pattern, short]) =>
      current.replace(pattern, (match) => (match[0] === match[0]?.toUpperCase() ? capitalize(short) : short)),
    text,
  )
}

function expandContractions(text: string): string {
  return text
    .replace(/\bdon't\b/gi, 'do not')
    .replace(/\bdoesn't\b/gi, 'does not')
    .replace(/\bcan't\b/gi, 'cannot')
    .replace(/\bwon't\b/gi, 'will not')
    .replace(/\bit's\b/gi, 'it is')
    .replace(/\bwe're\b/gi, 'we are')
    .replace(/\byou're\b/gi, 'you are')
    .replace(/\bI'm\b/g, 'I am')
}
