/**
 * Rewrites above the single word: connectives that have an exact equivalent, contractions, and
 * moving an adverbial clause to the other end of its sentence. Each keeps the meaning; they are
 * what changes a line whose words have no safe synonym.
 */

/** Each connective and its stand-in; one pass, so a replacement is never replaced back. */
const CONNECTIVES: ReadonlyArray<readonly [string, string]> = [
  ['for example', 'for instance'],
  ['for instance', 'for example'],
  ['in addition', 'additionally'],
  ['additionally', 'in addition'],
  // Sentence adverbs only with their comma: "however hard we try" must stay.
  ['moreover,', 'what is more,'],
  ['furthermore,', 'on top of that,'],
  ['however,', 'that said,'],
  ['therefore,', 'as a result,'],
  ['as a result,', 'consequently,'],
  ['consequently,', 'as a result,'],
  ['in order to', 'so as to'],
  ['as well as', 'along with'],
  ['a lot of', 'plenty of'],
  ['lots of', 'plenty of'],
  ['although', 'even though'],
  ['even though', 'although'],
  ['because of', 'owing to'],
  ['in conclusion', 'to sum up'],
  ['at the moment', 'right now'],
  ['right now', 'at the moment'],
  ['as soon as', 'the moment'],
  ['very', 'really'],
]

const CONNECTIVE_PATTERN = new RegExp(
  `\\b(${CONNECTIVES.map(([from]) => from.replaceAll(' ', '\\s+')).join('|')})(?![\\w'’])`,
  'gi',
)
const CONNECTIVE_BY_TEXT = new Map(CONNECTIVES.map(([from, to]) => [from, to]))

export function varyConnectives(line: string): string {
  return line.replace(CONNECTIVE_PATTERN, (found) => {
    const replacement = CONNECTIVE_BY_TEXT.get(found.toLowerCase().replace(/\s+/g, ' '))
    return replacement ? matchCase(replacement, found) : found
  })
}

const CONTRACTIONS: ReadonlyArray<readonly [string, string]> = [
  ['do not', "don't"],
  ['does not', "doesn't"],
  ['did not', "didn't"],
  ['is not', "isn't"],
  ['are not', "aren't"],
  ['was not', "wasn't"],
  ['were not', "weren't"],
  ['have not', "haven't"],
  ['has not', "hasn't"],
  ['had not', "hadn't"],
  ['will not', "won't"],
  ['would not', "wouldn't"],
  ['could not', "couldn't"],
  ['should not', "shouldn't"],
  ['cannot', "can't"],
  ['I am', "I'm"],
  ['you are', "you're"],
  ['we are', "we're"],
  ['they are', "they're"],
  ['it is', "it's"],
  ['that is', "that's"],
  ['there is', "there's"],
  ['I have', "I've"],
  ['we have', "we've"],
  ['you have', "you've"],
  ['they have', "they've"],
  ['I will', "I'll"],
  ['we will', "we'll"],
  ['you will', "you'll"],
  ['they will', "they'll"],
  ['let us', "let's"],
]

const EXPAND_PATTERN = new RegExp(
  `\\b(${CONTRACTIONS.map(([, short]) => short.replace("'", "['’]")).join('|')})(?=\\W|$)`,
  'gi',
)
const CONTRACT_PATTERN = new RegExp(
  `\\b(${CONTRACTIONS.map(([long]) => long.replace(' ', '\\s+')).join('|')})\\b`,
  'gi',
)
const LONG_BY_SHORT = new Map(CONTRACTIONS.map(([long, short]) => [short.toLowerCase(), long]))
const SHORT_BY_LONG = new Map(CONTRACTIONS.map(([long, short]) => [long.toLowerCase(), short]))

/**
 * Expands contractions when the line has any ("don't" -> "do not"), else contracts what can be
 * ("it is" -> "it's"). "It's been" stays: there the 's is "has".
 */
export function toggleContractions(line: string): string {
  const expanded = line.replace(EXPAND_PATTERN, (found, _word: string, offset: number) => {
    if (/^\s+been\b/i.test(line.slice(offset + found.length))) return found
    const long = LONG_BY_SHORT.get(found.toLowerCase().replace('’', "'"))
    return long ? matchCase(long, found) : found
  })
  if (expanded !== line) return expanded
  return line.replace(CONTRACT_PATTERN, (found, _word: string, offset: number) => {
    // "that is" before a noun phrase ("that is, ...") or at a clause end reads oddly contracted.
    if (/^\s*[,.;:!?]|^\s*$/.test(line.slice(offset + found.length))) return found
    const short = SHORT_BY_LONG.get(found.toLowerCase().replace(/\s+/g, ' '))
    return short ? matchCase(short, found) : found
  })
}

const LEADING_SUBORDINATORS =
  'when|whenever|if|after|before|because|since|although|though|while|once|unless|until|as soon as|even though'
/** Only those that cannot open a noun clause ("I know when it starts" must not move). */
const TRAILING_SUBORDINATORS = 'because|although|even though|unless|whenever|as soon as'
const LEADING_CLAUSE = new RegExp(
  `^(\\s*)(${LEADING_SUBORDINATORS})\\s+([^,;:]+?),\\s+(?:then\\s+)?([^,;:]+?)([.!?]+["'”’)]*)(\\s*)$`,
  'i',
)
const TRAILING_CLAUSE = new RegExp(
  `^(\\s*)([^,;:]+?)\\s+(${TRAILING_SUBORDINATORS})\\s+([^,;:]+?)([.!?]+["'”’)]*)(\\s*)$`,
  'i',
)

/**
 * "When it rains, we stay in." <-> "We stay in when it rains." Applied to whole sentences only,
 * with at least two words on each side; `properWords` keeps names capitalised.
 */
export function reorderClauses(sentence: string, properWords: ReadonlySet<string>): string {
  const leading = LEADING_CLAUSE.exec(sentence)
  if (leading) {
    const [, space = '', subordinator = '', clause = '', main = '', end = '', trailing = ''] = leading
    if (wordCount(clause) < 2 || wordCount(main) < 2) return sentence
    return `${space}${capitalise(main)} ${subordinator.toLowerCase()} ${clause}${end}${trailing}`
  }
  const trailingMatch = TRAILING_CLAUSE.exec(sentence)
  if (trailingMatch) {
    const [, space = '', main = '', subordinator = '', clause = '', end = '', trailing = ''] = trailingMatch
    if (wordCount(clause) < 2 || wordCount(main) < 2 || end.startsWith('?')) return sentence
    return `${space}${capitalise(subordinator)} ${clause}, ${uncapitalise(main, properWords)}${end}${trailing}`
  }
  return sentence
}

/** Sentences with the spaces after them, so that joining them gives the line back. */
export function splitSentences(line: string): string[] {
  return line.match(/[^.!?]+(?:[.!?]+["'”’)]*|$)\s*/g) ?? [line]
}

/**
 * The last resort for a line nothing else could change (a name, a bare phrase): say it as a
 * restatement, which keeps every word of it.
 */
export function restate(line: string, properWords: ReadonlySet<string>): string {
  const indent = /^\s*/.exec(line)?.[0] ?? ''
  const content = line.slice(indent.length)
  if (/\?\s*$/.test(content)) return `${indent}Put another way: ${content}`
  return `${indent}In other words, ${uncapitalise(content, properWords)}`
}

function wordCount(text: string): number {
  return text.trim().split(/\s+/).length
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function uncapitalise(text: string, properWords: ReadonlySet<string>): string {
  const firstWord = /^[A-Za-z']+/.exec(text)?.[0] ?? ''
  if (firstWord === 'I' || /^[A-Z]{2,}/.test(firstWord) || properWords.has(firstWord.toLowerCase())) return text
  return text.charAt(0).toLowerCase() + text.slice(1)
}

/** The replacement in the case of the text it replaces: "However" -> "That said". */
function matchCase(replacement: string, original: string): string {
  if (original.length > 1 && original === original.toUpperCase()) return replacement.toUpperCase()
  if (/^[A-Z]/.test(original)) return replacement.charAt(0).toUpperCase() + replacement.slice(1)
  return replacement
}
