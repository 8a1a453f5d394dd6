import type { ContentBrief } from './content-brief.ts'
import type { Random } from './seeded-random.ts'
import { bare, capitalize, contentWords, escapeHtml, inSentence } from './text-tools.ts'
import { TONES, type ToneBank } from './tones.ts'

/** Everything a renderer needs: the brief, the voice, a seeded random source and the raw prompt. */
export interface RenderContext {
  brief: ContentBrief
  bank: ToneBank
  random: Random
  /** The voice's points in this answer's order: another seed, another order. */
  points: readonly string[]
  /** The prompt as sent, for renderer-specific switches ("Use only numbered list titles"). */
  prompt: string
  /** The subject as a short phrase that reads inside a sentence. */
  topic: string
  /** Topics to rotate through: the user's listed topics and keywords, else the subject's words. */
  details: string[]
  /** The subject when it is a whole statement ("Most dashboards are read once"), else null. */
  statement: string | null
}

/** Hooks for a subject that is a statement or a title rather than a noun phrase. */
const STATEMENT_HOOKS = [
  '{Statement}. I learned that the hard way.',
  "{Statement}. Here's what I'd tell anyone in the same spot.",
  'Unpopular opinion: {statement}.',
  '{Statement}. Let that sink in for a second.',
  'Something I keep coming back to: {statement}.',
]

const VERB_LIKE_WORDS = [
  ...['is', 'are', 'was', 'were', 'be', 'been', 'has', 'have', 'had', 'will', 'can', 'could', 'should', 'must'],
  ...['do', 'does', 'did', 'now', 'never', 'once', 'again', 'always', 'still', 'just', '[a-z]+ed', '[a-z]+ing'],
]
const VERB_LIKE = new RegExp(`^(?:${VERB_LIKE_WORDS.join('|')})$`, 'i')

export function renderContext(brief: ContentBrief, random: Random, prompt: string): RenderContext {
  // Cut at the first clause break, but not inside a number ("2,000 renters", "1.5 kg").
  const short = bare(brief.subject.split(/(?<!\d)[,.](?!\d)|[;\n(]/)[0] ?? brief.subject)
  const titleTopic = topicOfTitle(short)
  const statement = titleTopic === null && isStatement(short) ? short : null
  const topic =
    titleTopic ?? (statement ? nounPhrase(statement) : inSentence(short.split(/\s+/).slice(0, 10).join(' ')))
  const subjectKey = topic.toLowerCase()
  const details = brief.keywords.filter((keyword) => keyword.toLowerCase() !== subjectKey)
  return {
    brief,
    bank: TONES[brief.tone],
    random,
    points: random.sample(TONES[brief.tone].points, TONES[brief.tone].points.length),
    prompt,
    topic,
    details: details.length > 0 ? details : statement ? [topic] : subjectParts(short, topic),
    statement,
  }
}

/**
 * Topics from the subject alone, when the user listed none: its parts around prepositions
 * ("Sunrise trail run in the Peak District" -> "Sunrise trail run", "Peak District").
 */
function subjectParts(subject: string, topic: string): string[] {
  const parts = subject
    .split(/\s+(?:in|of|for|with|at|on|from|near|about)\s+/i)
    .map((part) => bare(part.replace(/^(?:our|my|your|their|his|her)\s+/i, '')))
    .filter((part) => part.length > 2 && !/^\d+$/.test(part))
  return parts.length > 1 ? parts : [topic]
}

/** The opening lines that fit the subject: the voice's own, or ones that quote a statement. */
export function hooksFor(ctx: RenderContext): readonly string[] {
  return ctx.statement ? STATEMENT_HOOKS : ctx.bank.hooks
}

/**
 * The topic inside a how-to or numbered title: "How to start composting in a small flat" ->
 * "composting in a small flat", "5 mistakes beginners make with sourdough" -> "sourdough".
 */
const NUMBERED_TITLE = new RegExp(
  /^(?:\d+\s+)?(?:\w+\s+)?/.source +
    /(?:ways|tips|things|reasons|mistakes|lessons|ideas|steps|habits|secrets)\s+(to\s+|for\s+|about\s+)?(.+)$/.source,
  'i',
)

export function topicOfTitle(title: string): string | null {
  const howTo = /^how to\s+(\S+)\s+(.+)$/i.exec(title)
  if (howTo?.[1] && howTo[2]) return inSentence(untitled(`${gerund(howTo[1])} ${howTo[2]}`))
  const numbered = NUMBERED_TITLE.exec(title)
  if (!numbered?.[2]) return null
  if (numbered[1]?.trim().toLowerCase() === 'to') {
    const [verb = '', ...rest] = numbered[2].split(/\s+/)
    return inSentence(untitled([gerund(verb), ...rest].join(' ')))
  }
  const object = /\b(?:with|about|for|of)\s+(.+)$/i.exec(numbered[2])?.[1]
  return inSentence(untitled(object ?? numbered[2]))
}

/** "cut" -> "cutting", "make" -> "making", "sleep" -> "sleeping": enough for the verbs titles start with. */
function gerund(verb: string): string {
  const lower = verb.toLowerCase()
  if (lower.endsWith('ing')) return lower
  if (/[^e]e$/.test(lower)) return `${lower.slice(0, -1)}ing`
  // One short final syllable doubles its consonant, also after a prefix: "stopping", "repotting".
  if (/^(?:re|be|un|up|out|for)?[^aeiou]*[aeiou][bdgklmnprtv]$/.test(lower)) return `${lower}${lower.at(-1)}ing`
  return `${lower}ing`
}

/** "Sleep Better Without Giving Up Coffee" -> "sleep better without giving up coffee" (acronyms kept). */
function untitled(phrase: string): string {
  const words = phrase.split(/\s+/)
  const titled = words.filter((word) => /^[A-Z][a-z]/.test(word)).length >= Math.ceil(words.length * 0.6)
  return titled ? words.map((word) => (/^[A-Z][a-z]/.test(word) ? word.toLowerCase() : word)).join(' ') : phrase
}

/** A whole sentence or a title ("Why I stopped using to-do apps"), not a noun phrase. */
function isStatement(phrase: string): boolean {
  const words = phrase.split(/\s+/)
  if (words.length < 4) return false
  return (
    /^(?:why|how|what|when)\b/i.test(phrase) ||
    words.slice(1).some((word) => /^(?:is|are|was|were|has|have|had|will|can|now|never|[a-z]{3,}ed)$/i.test(word))
  )
}

/** The first run of meaningful non-verb words: "We shipped our first release" -> "first release". */
function nounPhrase(statement: string): string {
  const run: string[] = []
  for (const word of statement.split(/\s+/)) {
    const clean = word.replace(/[^\p{L}\p{N}'-]/gu, '')
    const usable = clean.length > 2 && !VERB_LIKE.test(clean) && contentWords(clean, 1).length === 1
    if (usable) run.push(clean)
    else if (run.length > 0) break
    if (run.length === 3) break
  }
  return run.length > 0 ? inSentence(run.join(' ')) : inSentence(statement)
}

/** The i-th topic to talk about, cycling through the list. */
export function detailAt(ctx: RenderContext, index: number): string {
  return inSentence(ctx.details[index % ctx.details.length] ?? ctx.topic)
}

/**
 * Fills a phrase-bank template. Slots: {topic}/{Topic}, {detail}/{Detail}, {detail2}/{Detail2},
 * {subject}/{Subject}/{subjectLower}, {audience}. Returns plain text (escape it when writing HTML).
 */
export function fill(template: string, ctx: RenderContext, index = 0): string {
  const detail = detailAt(ctx, index)
  // With a single listed topic, the second slot takes a word of the subject rather than a repeat.
  const detail2 =
    ctx.details.length > 1
      ? detailAt(ctx, index + 1)
      : (
          contentWords(ctx.brief.subject, 6).find((word) => !detail.toLowerCase().includes(word.toLowerCase())) ??
          ctx.topic
        ).toLowerCase()
  const subject = bare(ctx.brief.subject.split('\n')[0] ?? ctx.brief.subject)
  const slots: Record<string, string> = {
    topic: ctx.topic,
    Topic: capitalize(ctx.topic),
    detail,
    Detail: capitalize(detail),
    detail2,
    Detail2: capitalize(detail2),
    subject,
    Subject: capitalize(subject),
    subjectLower: inSentence(subject),
    audience: ctx.brief.audience ? inSentence(ctx.brief.audience) : 'your audience',
    Statement: capitalize(ctx.statement ?? ctx.topic),
    statement: inSentence(ctx.statement ?? ctx.topic),
  }
  return template.replace(/\{(\w+)\}/g, (slot, name: string) => slots[name] ?? slot)
}

/** A paragraph of escaped text. */
export function paragraph(text: string): string {
  return `<p>${escapeHtml(text)}</p>`
}

export function list(items: readonly string[], ordered = false): string {
  const tag = ordered ? 'ol' : 'ul'
  return `<${tag}>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</${tag}>`
}

/** The call to action the user gave, as a sentence, or one from the voice's closers. */
export function closingLine(ctx: RenderContext): string {
  const cta = ctx.brief.callToAction
  if (cta) return /[.!?]$/.test(cta) ? capitalize(cta) : `${capitalize(cta)}.`
  return ctx.random.pick(ctx.bank.closers)
}

/** Removes emoji (when the user asked for none, templates must not sneak them in). */
export function withoutEmoji(text: string): string {
  return text
    .replace(/[\p{Extended_Pictographic}\u{FE0F}\u{200D}]/gu, '')
    .replace(/\s{2,}/g, ' ')
    .trim()
}
