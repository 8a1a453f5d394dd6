import type { ContentBrief } from './content-brief.ts'
import {
  AUDIENCE_PATTERNS,
  CALL_TO_ACTION_PATTERNS,
  COUNT_NOUNS,
  FORMAT_LINE,
  INSTRUCTION_LINE,
  KIND_PATTERNS,
  SETTING_LABEL,
  TONE_PATTERNS,
  UNIT_AFTER_NUMBER,
} from './prompt-brief-patterns.ts'
import { bare, splitList, wordNumber } from './text-tools.ts'
import { toneFamily } from './tones.ts'

/**
 * Reads a prompt into a ContentBrief. Anything not recognised falls back to sensible defaults
 * rather than failing.
 */
export function readBrief(prompt: string): ContentBrief {
  const lines = prompt
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
  const task = lines[0] ?? ''
  // What is asked is read from the instruction, never from the user's own words in it.
  const instruction = instructionPart(task)
  const kind = KIND_PATTERNS.find(([, pattern]) => pattern.test(instruction))?.[0] ?? 'article'
  const whole = lines.join('\n')
  const isTransform = kind === 'rewrite' || kind === 'summary' || kind === 'grammar' || kind === 'translation'

  const { sourceText, restStart } = isTransform ? readSourceText(lines) : { sourceText: '', restStart: 1 }
  const subject = isTransform ? firstWords(sourceText, 8) : (firstLineValue(task) ?? fallbackSubject(task))
  const toneWord = readTone(whole)
  const callToAction = readCallToAction(whole)
  const audience = readAudience(whole)
  const quoted = [...whole.matchAll(/["“]([^"”\n]{2,80})["”]/g)].map((match) => (match[1] ?? '').trim())
  const answers = lines
    .slice(restStart)
    .map(lineValue)
    .filter((answer): answer is LineValue => answer !== null)
    .filter(({ value }) => value !== toneWord && value !== callToAction && value !== audience && value !== subject)
  const details = answers.map(({ value }) => value)

  // Topics to talk about: what the user typed into open fields, not the options they picked
  // (a length, a post type, a goal) nor instructions.
  const topical = answers.filter((answer) => answer.topical).map(({ value }) => value)
  const listed = uniqueCaseless([
    ...quoted.filter((phrase) => phrase !== subject && phrase.length <= 40 && !/^[|]/.test(phrase)),
    ...topical.flatMap((detail) => (detail.length <= 120 ? splitList(detail, 4) : [])),
  ])
  const keywords = listed.slice(0, 8)

  return {
    kind,
    count: readCount(whole, task),
    subject: subject === '' ? 'your idea' : subject,
    details,
    keywords,
    tone: toneFamily(toneWord),
    toneWord,
    audience,
    callToAction,
    emojis: /\bemojis?\b/i.test(whole) && !/\b(?:no|not use|without|never use) emojis?\b/i.test(whole),
    hashtags: /\bhashtags?\b/i.test(whole) && !/\b(?:no|not add|without|not use) hashtags\b/i.test(whole),
    maxChars: readNumber(whole, /\b(?:at most|under|up to|within)\s+(\d{2,4})\s+characters\b/i),
    targetWords: readNumber(whole, /\babout\s+([\d,]{2,6})\s+words\b/i),
    sourceText,
    format: readFormat(lines.slice(1)),
    endWithQuestion:
      /\bend (?:each|every|with a) (?:post )?(?:with a )?question\b/i.test(whole) &&
      !/\bdo not end with a question\b/i.test(whole),
  }
}

/** The user's value on the task line: quoted text, after a colon, or after the last "for/about/to...". */
function firstLineValue(line: string): string | null {
  const quoted = /["“]([^"”]+)["”]/.exec(line)
  if (quoted?.[1]) return bare(quoted[1])
  const colon = line.indexOf(': ')
  if (colon >= 0) return bare(line.slice(colon + 2))
  const markers = [...line.matchAll(/\b(?:for|about|to|on|after|called|titled|announcing|of)\s+/gi)]
  const last = markers.at(-1)
  if (last?.index === undefined) return null
  const value = bare(line.slice(last.index + last[0].length))
  return value === '' ? null : value
}

interface LineValue {
  value: string
  /** Typed by the user about the subject (a topic, a benefit), rather than a choice or a setting. */
  topical: boolean
}

/** A later line's user value, if it has one: quoted, after a colon, or after "is/as/for". */
function lineValue(line: string): LineValue | null {
  const topical = !SETTING_LABEL.test(line)
  const quoted = /["“]([^"”]+)["”]/.exec(line)
  if (quoted?.[1]) return { value: bare(quoted[1]), topical }
  const colon = line.indexOf(': ')
  if (colon >= 0) return { value: bare(line.slice(colon + 2).split(/[;.](?:\s|$)/)[0] ?? ''), topical }
  const marked = /\b(?:is|are|as|into|for)\s+(?:an?\s+|the\s+)?(?:about\s+)?([^.;]+)[.;]?$/i.exec(line)
  if (marked?.[1] && marked[1].split(' ').length <= 10)
    return { value: bare(marked[1]), topical: topical && /\babout\b/i.test(line) }
  return null
}

function fallbackSubject(task: string): string {
  return bare(
    task.replace(/^(?:write|create|suggest|design|plan|turn|fetch|make|give)\s+(?:an?\s+|the\s+|\d+\s+)?/i, ''),
  )
}

/** The text to transform: the task line's value and the lines after it, up to the first instruction. */
function readSourceText(lines: string[]): { sourceText: string; restStart: number } {
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

/** The task line without the user's value: "Write 5 bios for this person: " of "...: Ada, a chef." */
function instructionPart(task: string): string {
  const value = firstLineValue(task)
  const valueAt = value ? task.lastIndexOf(value) : -1
  return valueAt > 0 ? task.slice(0, valueAt) : task
}

function readCount(whole: string, fullTask: string): number {
  // Numbers inside the user's own value ("after 9 months") are not a count of pieces.
  const task = instructionPart(fullTask)
  const specific =
    /\b(\d{1,2}) (?:numbered )?(?:items|posts|hashtags|headlines|titles|prompts|variations)\b/i.exec(
      whole.split('\n').slice(1).join('\n'),
    ) ?? /\b(?:exactly|write|has) (\d{1,2})\b(?! characters| words)/i.exec(whole.split('\n').slice(1).join('\n'))
  const fromTask = new RegExp(
    `\\b(\\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|twelve)\\s+${COUNT_NOUNS}`,
    'gi',
  )
  let count: number | null = specific?.[1] ? Number(specific[1]) : null
  if (count === null) {
    for (const match of task.matchAll(fromTask)) {
      const rest = task.slice((match.index ?? 0) + match[1]!.length)
      if (UNIT_AFTER_NUMBER.test(rest)) continue
      count = wordNumber(match[1] ?? '')
      break
    }
  }
  return Math.min(15, Math.max(1, count ?? 1))
}

function readTone(whole: string): string | null {
  return firstCapture(whole, TONE_PATTERNS)?.trim() ?? null
}

function readCallToAction(whole: string): string | null {
  const found = firstCapture(whole, CALL_TO_ACTION_PATTERNS)
  return found ? bare(found) : null
}

function readAudience(whole: string): string | null {
  const found = firstCapture(whole, AUDIENCE_PATTERNS)
  return found ? bare(found) : null
}

function readFormat(lines: string[]): string | null {
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

function firstWords(text: string, count: number): string {
  return text
    .split(/\s+/)
    .slice(0, count)
    .join(' ')
    .replace(/[.,;:!?]+$/, '')
}

function uniqueCaseless(items: string[]): string[] {
  const seen = new Set<string>()
  return items.filter((item) => {
    const key = item.toLowerCase()
    if (item === '' || seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** The first capture of the first pattern that captures something in `text`; null when none does. */
function firstCapture(text: string, patterns: readonly RegExp[]): string | null {
  for (const pattern of patterns) {
    const captured = pattern.exec(text)?.[1]
    if (captured) return captured
  }
  return null
}
