import { roleOf, type FieldRole } from '@promptly/core/catalogue/field-roles'
import type { ResolvedField } from '@promptly/core/generation/form-values'
import { sanitizeHtml } from '@promptly/core/generation/sanitize-html'

import { replyOptions, replyText } from './reply-rules.ts'
import {
  BREAK,
  characterLimits,
  replyLines,
  runTokens,
  tokenRuns,
  tokens,
  valueCore,
  verbatimAt,
} from './value-text.ts'

/**
 * The rules about the user's own values that every composed reply keeps, as checks that return what
 * broke (empty: all kept): each value whole and in its role's place, never cut into a sub-phrase
 * nor merged with another field's, said once per option; options that differ; the tool's length
 * limits; no [placeholder] the tool does not announce.
 */

/** One field's value as the user typed it, with the role the tool gives the field. */
export interface FieldValue {
  label: string
  role: FieldRole
  value: string
  required: boolean
}

/** The roles whose values the writer puts into its own sentences. */
export const CONTENT_ROLES: ReadonlySet<FieldRole> = new Set([
  'who',
  'product',
  'topic',
  'audience',
  'call_to_action',
  'keyword',
])

export function fieldValues(fields: readonly ResolvedField[]): FieldValue[] {
  return fields
    .filter((field) => field.included && field.value !== '')
    .map((field) => ({
      label: field.element.text,
      role: roleOf(field.element),
      value: field.value,
      required: field.element.required,
    }))
}

const STOP_WORDS = new Set(
  (
    'a an and are as at be by for from has have i in into is it its my of on or our the their this to we ' +
    'with you your de la el los las y en un una con por para del al que'
  ).split(' '),
)

/** Required values that appear nowhere whole; a value longer than the tool's limit cannot and is left out. */
export function missingValues(html: string, values: readonly FieldValue[], limit: number | null): string[] {
  const text = replyText(html).replace(/\s+/g, ' ')
  return values
    .filter((field) => field.required && CONTENT_ROLES.has(field.role))
    .filter((field) => limit === null || valueCore(field.value).length <= limit - 4)
    .filter((field) => verbatimAt(text, valueCore(field.value)).length === 0)
    .map((field) => `${field.label} (${field.role}) "${valueCore(field.value)}" is not in the reply whole`)
}

/**
 * A call to action stands as its own sentence or after a label ("Button: ..."), never inside another
 * sentence as if it were a topic ("with clear steps on learn more").
 */
export function misplacedCallsToAction(html: string, values: readonly FieldValue[]): string[] {
  const problems: string[] = []
  for (const field of values.filter((value) => value.role === 'call_to_action')) {
    const core = valueCore(field.value)
    // The same value in another field is said once, in that field's role.
    if (values.some((other) => other !== field && valueCore(other.value).toLowerCase() === core.toLowerCase())) continue
    const others = values.map((other) => valueCore(other.value)).filter((other) => other.length > core.length)
    for (const line of replyLines(html)) {
      // Inside another value ("pixel art" in "pixel art nerd"), the words are that value's.
      const spans = others.flatMap((other) => verbatimAt(line, other).map((at) => [at, at + other.length] as const))
      for (const at of verbatimAt(line, core)) {
        if (spans.some(([start, end]) => start <= at && at + core.length <= end)) continue
        const before = line.slice(0, at).trimEnd()
        if (before === '' || /[.!?:…|]$/u.test(before) || /\p{Extended_Pictographic}$/u.test(before)) continue
        problems.push(`the call to action "${core}" is inside a sentence: ${line}`)
      }
    }
  }
  return problems
}

/**
 * Runs of two words or more copied from a value, in a place that is not a whole occurrence of a
 * value: the value was cut into a sub-phrase or merged with other words ("the workers" out of
 * "...for cafe workers"). Pairs of little words ("of the") are not the user's in particular.
 */
export function cutValues(html: string, values: readonly FieldValue[]): string[] {
  const words = runTokens(replyLines(html).join('\n'))
  const wholes = values.flatMap((field) => {
    const needle = runTokens(valueCore(field.value))
    return tokenRuns(words, needle).map((start) => [start, start + needle.length] as const)
  })
  const problems = new Set<string>()
  for (const field of values.filter((value) => CONTENT_ROLES.has(value.role))) {
    const own = runTokens(valueCore(field.value))
    const pairs = new Set<string>()
    for (let i = 0; i + 1 < own.length; i += 1) {
      const [first = '', second = ''] = [own[i], own[i + 1]]
      if (first === BREAK || second === BREAK) continue
      if (!(STOP_WORDS.has(first) && STOP_WORDS.has(second))) pairs.add(`${first} ${second}`)
    }
    for (let i = 0; i + 1 < words.length; i += 1) {
      const pair = `${words[i]} ${words[i + 1]}`
      if (!pairs.has(pair)) continue
      if (wholes.some(([start, end]) => start <= i && i + 1 < end)) continue
      const context = words.slice(Math.max(0, i - 4), i + 6).join(' ')
      problems.add(`"${pair}" from ${field.label} outside the whole value, in: ...${context}...`)
    }
  }
  return [...problems]
}

/** "the X and the X", "your X, your X": a phrase of up to four words said twice in a row. */
const ECHOED_PHRASE = new RegExp(
  String.raw`\b((?:the|a|an|your|our|my|their)\s+[^\s,.;:!?]+(?:\s+[^\s,.;:!?]+){0,3}?)` +
    String.raw`\s*(?:,|\band\b|\bor\b|&)\s*\1(?![\p{L}\p{N}])`,
  'iu',
)

/** The same phrase said twice in one option: a value, or "the X and the X". */
export function repeatedInOption(html: string, values: readonly FieldValue[]): string[] {
  const problems: string[] = []
  const phrases = values
    .filter((field) => CONTENT_ROLES.has(field.role))
    .map((field) => runTokens(valueCore(field.value)))
    .filter((needle) => needle.filter((token) => token !== BREAK).length >= 2)
    .sort((a, b) => b.length - a.length)
  for (const option of replyOptions(html)) {
    const text = replyText(option).replace(/\s+/g, ' ').trim()
    const echoed = ECHOED_PHRASE.exec(text)
    if (echoed) problems.push(`"${echoed[0]}" in: ${text}`)
    const words = runTokens(text)
    const taken = new Set<number>()
    const seen = new Set<string>()
    for (const needle of phrases) {
      const key = needle.join(' ')
      if (seen.has(key)) continue
      seen.add(key)
      const free = tokenRuns(words, needle).filter((start) => !taken.has(start))
      for (const start of free) for (let j = 0; j < needle.length; j += 1) taken.add(start + j)
      if (free.length > 1) problems.push(`"${key}" ${free.length} times in one option: ${text}`)
    }
  }
  return problems
}

/** The alternatives a reply offers: its numbered sections, else the items of each of its lists. */
export function offeredOptions(html: string): string[][] {
  const sections = html
    .split(/(?=<h3>[^<]*\b\d+<\/h3>)/)
    .filter((part) => /^<h3>[^<]*\b\d+<\/h3>/.test(part))
    .map((part) => part.replace(/^<h3>[^<]*<\/h3>/, ''))
  if (sections.length >= 2) return [sections.map(optionText)]
  return [...html.matchAll(/<(ol|ul)>(.*?)<\/\1>/gs)].map((list) =>
    [...(list[2] ?? '').matchAll(/<li>(.*?)<\/li>/gs)].map((item) => optionText(item[1] ?? '')),
  )
}

/** An option's text without the count of characters a meta description shows after it. */
function optionText(html: string): string {
  return replyText(html)
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s*\(\d+ characters\)$/, '')
}

/**
 * Options too alike to be worth offering: the same text, or the writer's own words (the user's
 * values taken out, since every option repeats those) with a token Jaccard index of 0.7 or more.
 */
export function similarOptions(html: string, values: readonly FieldValue[]): string[] {
  const userWords = new Set(values.flatMap((field) => tokens(field.value)))
  const problems: string[] = []
  for (const options of offeredOptions(html)) {
    const own = options.map((option) => new Set(tokens(option).filter((token) => !userWords.has(token))))
    for (let i = 0; i < options.length; i += 1) {
      for (let j = i + 1; j < options.length; j += 1) {
        const [a = new Set<string>(), b = new Set<string>()] = [own[i], own[j]]
        const same = options[i] === options[j]
        const shared = [...a].filter((token) => b.has(token)).length
        const jaccard = shared / (a.size + b.size - shared || 1)
        if (same || (a.size >= 3 && b.size >= 3 && jaccard >= 0.7)) {
          problems.push(`options ${i + 1} and ${j + 1} alike (${jaccard.toFixed(2)}): ${options[i]} | ${options[j]}`)
        }
      }
    }
  }
  return problems
}

/** Options longer than the tool's limit: lists matched to limits in order when there are as many. */
export function overLimit(html: string, prompt: string): string[] {
  const limits = characterLimits(prompt)
  if (limits.length === 0) return []
  const lists = offeredOptions(html)
  const problems: string[] = []
  lists.forEach((options, index) => {
    const limit = limits.length === lists.length ? (limits[index] ?? 0) : Math.min(...limits)
    for (const option of options)
      if (option.length > limit) problems.push(`${option.length} characters, limit ${limit}: ${option}`)
  })
  return problems
}

/** [Bracketed] spots the reply leaves for the user, unless the tool's description names them. */
export function unannouncedPlaceholders(html: string, description: string, values: readonly FieldValue[]): string[] {
  const text = replyText(html)
  const announced = description.toLowerCase()
  const problems: string[] = []
  for (const match of text.matchAll(/\[([^[\]\n]{1,80})\]/g)) {
    if (values.some((field) => field.value.includes(match[0]))) continue
    const label = (match[1] ?? '').split(':')[0]?.trim().toLowerCase() ?? ''
    if (!announced.includes(`[${label}]`)) problems.push(`placeholder ${match[0]} not named in the description`)
  }
  return problems
}

/** Every rule above, and safe HTML with no template slot left, for one reply. */
export function valueProblems(
  html: string,
  { prompt, description, values }: { prompt: string; description: string; values: readonly FieldValue[] },
): string[] {
  const limits = characterLimits(prompt)
  const problems: string[] = []
  if (sanitizeHtml(html) !== html) problems.push('not sanitised HTML')
  const leftover = /\{\w*\}|undefined|NaN|\[object/.exec(html)
  if (leftover) problems.push(`template slot left: ${leftover[0]}`)
  problems.push(
    ...missingValues(html, values, limits.length > 0 ? Math.max(...limits) : null),
    ...misplacedCallsToAction(html, values),
    ...cutValues(html, values),
    ...repeatedInOption(html, values),
    ...similarOptions(html, values),
    ...overLimit(html, prompt),
    ...unannouncedPlaceholders(html, description, values),
  )
  return problems
}
