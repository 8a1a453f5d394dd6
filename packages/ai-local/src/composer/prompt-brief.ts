import type { FieldRole } from '@promptly/core/catalogue/field-roles'
import { readPromptSections } from '@promptly/core/generation/prompt-sections'

import type { ContentBrief, ContentKind } from './content-brief.ts'
import { guessedEntries } from './guessed-values.ts'
import { COUNT_NOUNS, FORMAT_LINE, KIND_PATTERNS, TONE_PATTERNS, UNIT_AFTER_NUMBER } from './prompt-brief-patterns.ts'
import { isContentRole, roleValuesOf } from './role-values.ts'
import { wordNumber } from './text-tools.ts'
import { toneFamily } from './tones.ts'

/**
 * Reads a request into a ContentBrief. The user's values come from the system message's entries
 * section, each with its field's role (core's prompt-sections.ts); a request without one (an
 * older caller, a third party's prompt) has them read back from the prompt's text (guessed-values.ts).
 * What to write (the kind, how many, limits, emojis, hashtags) is read from the prompt with the
 * values masked, so nothing the user typed ("3 ways to...", "no hashtags") changes the task.
 */
export function readBrief(prompt: string, system = ''): ContentBrief {
  const sections = readPromptSections(system)
  const lines = prompt
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
  const entries: ReadonlyArray<{ role: FieldRole; value: string }> =
    sections.entries.length > 0 ? sections.entries : guessedEntries(lines, kindOf(unquotedTask(lines[0] ?? '')))
  const instructions = masked(lines.join('\n'), entries)
  const kind = kindOf(instructions.split('\n')[0] ?? '')
  // A brand voice's tone is picked on purpose for this generation; a tool's tone field always has one.
  const voiceTone = sections.voice?.tone.trim() ?? ''
  const toneWord =
    (voiceTone === '' ? null : voiceTone) ??
    entries.find((entry) => entry.role === 'tone')?.value ??
    firstCapture(instructions, TONE_PATTERNS)?.trim() ??
    null
  return {
    kind,
    count: readCount(instructions),
    values: roleValuesOf(entries),
    tone: toneFamily(toneWord),
    toneWord,
    emojis: /\bemojis?\b/i.test(instructions) && !/\b(?:no|not use|without|never use) emojis?\b/i.test(instructions),
    hashtags: /\bhashtags?\b/i.test(instructions) && !/\b(?:no|not add|without|not use) hashtags\b/i.test(instructions),
    maxChars: readNumber(instructions, /\b(?:at most|under|up to|within|\d+ to)\s+(\d{2,4})\s+characters\b/i),
    targetWords: readNumber(instructions, /\babout\s+([\d,]{2,6})\s+words\b/i),
    sourceText: entries
      .filter((entry) => entry.role === 'text')
      .map((entry) => entry.value)
      .join('\n\n'),
    format: readFormat(instructions.split('\n').slice(1)),
    endWithQuestion:
      /\bend (?:each|every|with a) (?:post )?(?:with a )?question\b/i.test(instructions) &&
      !/\bdo not end with a question\b/i.test(instructions),
    instructions,
    voice: sections.voice,
  }
}

function kindOf(task: string): ContentKind {
  return KIND_PATTERNS.find(([, pattern]) => pattern.test(task))?.[0] ?? 'article'
}

/** The task line up to the user's value, for guessing the kind before the values are known. */
function unquotedTask(task: string): string {
  const cut = task.search(/["“]|: /)
  return cut > 0 ? task.slice(0, cut) : task
}

export const VALUE_MASK = '{value}'

/**
 * The prompt with each typed value (not the options picked: they are the tool author's words)
 * replaced by {value}. Fragments come one per line in form order and usually end with their
 * value, so each value is looked for from where the previous one was, and the last occurrence on
 * its line is taken: a value that is also a word of its fragment ("post") leaves the fragment whole.
 */
export function masked(prompt: string, entries: ReadonlyArray<{ role: FieldRole; value: string }>): string {
  let text = prompt
  let cursor = 0
  for (const { role, value } of entries) {
    if (!(isContentRole(role) || role === 'text') || value === '') continue
    // Values read back from the text (guessed-values.ts) need not come in the prompt's order.
    const after = text.indexOf(value, cursor)
    const first = after >= 0 ? after : text.indexOf(value)
    if (first < 0) continue
    const lineEnd = text.indexOf('\n', first + value.length)
    const at = text.lastIndexOf(value, (lineEnd < 0 ? text.length : lineEnd) - value.length)
    text = text.slice(0, at) + VALUE_MASK + text.slice(at + value.length)
    cursor = at + VALUE_MASK.length
  }
  return text
}

function readCount(instructions: string): number {
  const [task = '', ...rest] = instructions.split('\n')
  const later = rest.join('\n')
  const specific =
    /\b(\d{1,2}) (?:numbered )?(?:items|posts|hashtags|headlines|titles|prompts|variations)\b/i.exec(later) ??
    /\b(?:exactly|write|has) (\d{1,2})\b(?! characters| words)/i.exec(later)
  if (specific?.[1]) return clampCount(Number(specific[1]))
  const fromTask = new RegExp(
    `\\b(\\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|twelve)\\s+${COUNT_NOUNS}`,
    'gi',
  )
  for (const match of task.matchAll(fromTask)) {
    const rest = task.slice((match.index ?? 0) + (match[1] ?? '').length)
    if (UNIT_AFTER_NUMBER.test(rest)) continue
    return clampCount(wordNumber(match[1] ?? '') ?? 1)
  }
  return 1
}

function clampCount(count: number): number {
  return Math.min(15, Math.max(1, count))
}

function readFormat(lines: readonly string[]): string | null {
  for (const line of lines) {
    const found = FORMAT_LINE.exec(line)?.[1]
    if (found) return found.trim()
  }
  return null
}

function readNumber(text: string, pattern: RegExp): number | null {
  const match = pattern.exec(text)
  return match?.[1] ? Number(match[1].replace(/,/g, '')) : null
}

function firstCapture(text: string, patterns: readonly RegExp[]): string | null {
  for (const pattern of patterns) {
    const captured = pattern.exec(text)?.[1]
    if (captured) return captured
  }
  return null
}
