import type { FieldRole } from '@promptly/core/catalogue/field-roles'

import type { ContentKind } from './content-brief.ts'
import {
  AUDIENCE_PATTERNS,
  CALL_TO_ACTION_PATTERNS,
  INSTRUCTION_LINE,
  SETTING_LABEL,
  TONE_PATTERNS,
} from './prompt-brief-patterns.ts'
import { tidyValue } from './role-values.ts'

/**
 * The user's values read back from the prompt's text, for a request whose system message has no
 * entries section (an older caller, or a third party's prompt through the OpenAI-compatible
 * endpoint). The patterns follow how the catalogue's fragments are written ("...for this person:
 * {value}.", 'Include the keyword "{value}".'); each value is taken whole, as the fragment framed
 * it, and never split into parts.
 */

export interface GuessedEntry {
  role: FieldRole
  value: string
}

export const TRANSFORM_KINDS: ReadonlySet<ContentKind> = new Set(['rewrite', 'summary', 'grammar', 'translation'])

/**
 * The main value's role: a bio is about who speaks, an ad, a hero or a product description sells
 * a product, an e-mail "to:" someone is for them.
 */
function mainRole(kind: ContentKind, task: string): FieldRole {
  if (kind === 'bio') return 'who'
  if (kind === 'ad' || kind === 'hero' || /\bproduct description\b/i.test(task)) return 'product'
  if (kind === 'email' && /\bto: /i.test(task)) return 'audience'
  return 'topic'
}

/** Lines whose label says the value's role; any other line's value is a topic. */
const LINE_ROLES: ReadonlyArray<readonly [RegExp, FieldRole]> = [
  [/\boffers?: /i, 'product'],
  [/^(?:the )?product(?: or (?:offer|service))?: /i, 'product'],
]

export function guessedEntries(lines: readonly string[], kind: ContentKind): GuessedEntry[] {
  const task = lines[0] ?? ''
  const whole = lines.join('\n')
  if (TRANSFORM_KINDS.has(kind)) {
    const { sourceText, restStart } = readSourceText(lines)
    return [{ role: 'text', value: sourceText }, ...laterEntries(lines.slice(restStart), whole)]
  }
  const subject = firstLineValue(task) ?? fallbackSubject(task)
  return [{ role: mainRole(kind, task), value: subject }, ...laterEntries(lines.slice(1), whole)]
}

/** Tone, call to action, audience, quoted keywords and the other lines' values. */
function laterEntries(lines: readonly string[], whole: string): GuessedEntry[] {
  const tone = firstCapture(whole, TONE_PATTERNS)?.trim()
  const callToAction = firstCapture(whole, CALL_TO_ACTION_PATTERNS)
  const audience = firstCapture(whole, AUDIENCE_PATTERNS)
  const quoted = [...whole.matchAll(/\bkeyword ["“]([^"”\n]{2,80})["”]/gi)].map((match) => match[1] ?? '')
  const known = new Set([tone, callToAction, audience, ...quoted].map((value) => tidyValue(value ?? '')))
  const answers = lines
    .filter((line) => !SETTING_LABEL.test(line))
    .map((line) => ({ value: lineValue(line), role: LINE_ROLES.find(([label]) => label.test(line))?.[1] ?? 'topic' }))
    .filter((answer): answer is { value: string; role: FieldRole } => answer.value !== null)
    .filter((answer) => !known.has(tidyValue(answer.value)))
  return [
    ...(tone ? [{ role: 'tone' as const, value: tone }] : []),
    ...(callToAction ? [{ role: 'call_to_action' as const, value: callToAction }] : []),
    ...(audience ? [{ role: 'audience' as const, value: audience }] : []),
    ...quoted.map((value) => ({ role: 'keyword' as const, value })),
    ...answers,
  ]
}

/** The user's value on the task line: quoted text, after a colon, or after the last "for/about/to...". */
export function firstLineValue(line: string): string | null {
  const quoted = /["“]([^"”]+)["”]/.exec(line)
  if (quoted?.[1]) return tidyValue(quoted[1])
  const colon = line.indexOf(': ')
  if (colon >= 0) return tidyValue(beforeInstruction(line.slice(colon + 2)))
  const markers = [...line.matchAll(/\b(?:for|about|to|on|after|called|titled|announcing|of)\s+/gi)]
  const last = markers.at(-1)
  if (last?.index === undefined) return null
  const value = tidyValue(line.slice(last.index + last[0].length))
  return value === '' ? null : value
}

/** The text up to a sentence of the fragment's own that follows the value ("... Leave [First name] ..."). */
function beforeInstruction(text: string): string {
  const sentences = text.split(/(?<=[.!?])\s+(?=\p{Lu})/u)
  const instruction = sentences.findIndex((sentence, index) => index > 0 && INSTRUCTION_LINE.test(sentence))
  return instruction > 0 ? sentences.slice(0, instruction).join(' ') : text
}

/** A later line's user value, if it has one: quoted, or after a colon. */
function lineValue(line: string): string | null {
  const quoted = /["“]([^"”]+)["”]/.exec(line)
  if (quoted?.[1]) return tidyValue(quoted[1])
  const colon = line.indexOf(': ')
  if (colon >= 0) return tidyValue(line.slice(colon + 2))
  return null
}

function fallbackSubject(task: string): string {
  return tidyValue(
    task.replace(/^(?:write|create|suggest|design|plan|turn|fetch|make|give)\s+(?:an?\s+|the\s+|\d+\s+)?/i, ''),
  )
}

/** The text to transform: the task line's value and the lines after it, up to the first instruction. */
function readSourceText(lines: readonly string[]): { sourceText: string; restStart: number } {
  const first = lines[0] ?? ''
  const colon = first.indexOf(': ')
  const parts = [colon >= 0 ? first.slice(colon + 2) : '']
  let next = 1
  while (next < lines.length && !INSTRUCTION_LINE.test(lines[next] ?? '')) {
    parts.push(lines[next] ?? '')
    next += 1
  }
  return { sourceText: parts.join('\n').trim(), restStart: next }
}

/** The first capture of the first pattern that captures something in `text`; null when none does. */
function firstCapture(text: string, patterns: readonly RegExp[]): string | null {
  for (const pattern of patterns) {
    const captured = pattern.exec(text)?.[1]
    if (captured) return captured
  }
  return null
}
