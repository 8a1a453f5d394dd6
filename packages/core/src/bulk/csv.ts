import { MAX_VALUE_LENGTH } from '../generation/form-value-rules.ts'
import { hasUnsafeCharacter } from '../text/unsafe-characters.ts'

/**
 * The CSV a bulk run is uploaded as, and the CSV its results download as (RFC 4180). Written by
 * hand and free of Node APIs: the upload preview parses the file in the browser with this same code
 * before the server parses it again, so both sides agree on every row and every message.
 */

export type CsvParse = { ok: true; header: string[]; rows: string[][] } | { ok: false; message: string }

export interface CsvParseOptions {
  /** Most data rows the file may hold (BULK_MAX_ROWS). */
  maxRows: number
}

/** Spreadsheet programs write these: comma in most locales, semicolon where the comma is the decimal mark. */
const DELIMITERS = [',', ';', '\t'] as const
type Delimiter = (typeof DELIMITERS)[number]

const BYTE_ORDER_MARK = '\uFEFF'
const QUOTE = '"'

/** A problem with the file, thrown inside the parser and returned by parseCsv as its message. */
class CsvProblem extends Error {}

/** One record of the file and the line it starts on (a quoted cell may span several lines). */
interface CsvRecord {
  line: number
  cells: string[]
}

/**
 * The header and the data rows of a CSV text. Blank lines are skipped, data rows are padded to the
 * header's width with '', and every problem comes back as one message that names the line (the
 * line of the file a record starts on, as a text editor counts them).
 */
export function parseCsv(text: string, options: CsvParseOptions): CsvParse {
  const body = text.startsWith(BYTE_ORDER_MARK) ? text.slice(BYTE_ORDER_MARK.length) : text
  const binaryLine = controlCharacterLine(body)
  if (binaryLine !== null) {
    return {
      ok: false,
      message:
        `Line ${binaryLine} holds a control character (such as NUL), so this is not a CSV text file. ` +
        'Save it from your spreadsheet as "CSV UTF-8" and upload it again',
    }
  }
  try {
    return readTable(body, options.maxRows)
  } catch (error) {
    if (error instanceof CsvProblem) return { ok: false, message: error.message }
    throw error
  }
}

/**
 * The product's rule for free text (tabs and line breaks allowed, other control characters and
 * unpaired surrogates not): a file that breaks it is binary, or text in an encoding other than
 * UTF-8, and its cells could never be stored anyway. The line is looked for only once one is found.
 */
function controlCharacterLine(text: string): number | null {
  if (!hasUnsafeCharacter(text, { freeText: true })) return null
  const index = text.split(/\r\n|\r|\n/).findIndex((line) => hasUnsafeCharacter(line, { freeText: true }))
  return index + 1
}

function readTable(text: string, maxRows: number): CsvParse {
  let header: string[] | null = null
  const rows: string[][] = []
  let rowCount = 0
  for (const record of readRecords(text, detectDelimiter(text))) {
    if (record.cells.every((cell) => cell.trim() === '')) continue
    if (header === null) {
      header = readHeader(record)
      continue
    }
    rowCount += 1
    // Rows past the limit are only counted, so the message can say how many the file has.
    if (rowCount <= maxRows) rows.push(readRow(record, header))
  }
  if (header === null) throw new CsvProblem('The file is empty: it needs a header line naming the columns, then rows')
  if (rowCount === 0) {
    throw new CsvProblem('The file has a header line but no rows: add one row for each run below the column names')
  }
  if (rowCount > maxRows) throw new CsvProblem(`A bulk run takes at most ${maxRows} rows; this file has ${rowCount}`)
  return { ok: true, header, rows }
}

/**
 * Column names, trimmed. Trailing unnamed columns are dropped: spreadsheets often end every line
 * with a delimiter, and the rows' empty cells there are dropped with them (see readRow).
 */
function readHeader(record: CsvRecord): string[] {
  checkCellLengths(record, [])
  const names = record.cells.map((cell) => cell.trim())
  while (names.at(-1) === '') names.pop()
  const seen = new Set<string>()
  for (const [index, name] of names.entries()) {
    if (name === '') {
      throw new CsvProblem(`Line ${record.line}: column ${index + 1} has no name; the header must name every column`)
    }
    // Names that differ only in case would be the same column to the column mapping, which folds case.
    const folded = name.toLowerCase()
    if (seen.has(folded)) {
      throw new CsvProblem(`Line ${record.line}: two columns are named "${name}"; give each column its own name`)
    }
    seen.add(folded)
  }
  return names
}

function readRow(record: CsvRecord, header: readonly string[]): string[] {
  const extra = record.cells.findIndex((cell, index) => index >= header.length && cell.trim() !== '')
  if (extra !== -1) {
    throw new CsvProblem(
      `Line ${record.line} has a value in column ${extra + 1}, ` +
        `but the header names only ${header.length} ${header.length === 1 ? 'column' : 'columns'}`,
    )
  }
  checkCellLengths(record, header)
  const cells = record.cells.slice(0, header.length)
  while (cells.length < header.length) cells.push('')
  return cells
}

function checkCellLengths(record: CsvRecord, header: readonly string[]): void {
  const index = record.cells.findIndex((cell) => cell.length > MAX_VALUE_LENGTH)
  if (index === -1) return
  const column = header[index] === undefined ? `column ${index + 1}` : `column "${header[index]}"`
  throw new CsvProblem(
    `Line ${record.line}: the cell in ${column} has ${record.cells[index]?.length} characters; ` +
      `a cell can hold at most ${MAX_VALUE_LENGTH}`,
  )
}

/**
 * The delimiter the header line uses most, outside quotes; the comma when it uses none of them or
 * ties. The header decides because its names rarely hold a delimiter, where text cells often do.
 */
function detectDelimiter(text: string): Delimiter {
  const counts = new Map<string, number>()
  let inQuotes = false
  let index = 0
  while (text[index] === '\r' || text[index] === '\n') index += 1
  for (; index < text.length; index++) {
    const char = text[index]
    if (char === QUOTE) inQuotes = !inQuotes
    else if (!inQuotes && (char === '\r' || char === '\n')) break
    else if (!inQuotes && char !== undefined) counts.set(char, (counts.get(char) ?? 0) + 1)
  }
  let best: Delimiter = ','
  for (const delimiter of DELIMITERS) {
    if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter
  }
  return best
}

/**
 * The records of the text, in order. A quoted cell keeps its delimiters, doubled quotes (as one)
 * and line breaks as they are; text after its closing quote, or a quote inside an unquoted cell, is
 * taken literally, as spreadsheet programs do. Lines end in CRLF, LF or CR.
 */
function* readRecords(text: string, delimiter: Delimiter): Generator<CsvRecord> {
  let at = 0
  let line = 1
  while (at < text.length) {
    const record: CsvRecord = { line, cells: [] }
    for (;;) {
      let cell = ''
      if (text[at] === QUOTE) {
        const quoted = readQuotedCell(text, at, line)
        cell = quoted.value
        line += countLineBreaks(text.slice(at, quoted.end))
        at = quoted.end
      }
      const stop = endOfUnquotedCell(text, at, delimiter)
      cell += text.slice(at, stop)
      at = stop
      record.cells.push(cell)
      if (text[at] !== delimiter) break
      at += 1
    }
    if (at < text.length) {
      // The cell stopped at a line break: CRLF counts as one.
      at += text[at] === '\r' && text[at + 1] === '\n' ? 2 : 1
      line += 1
    }
    yield record
  }
}

/** The cell whose opening quote is at `start`, and where its closing quote ends. */
function readQuotedCell(text: string, start: number, line: number): { value: string; end: number } {
  let value = ''
  let from = start + 1
  for (;;) {
    const close = text.indexOf(QUOTE, from)
    if (close === -1) {
      throw new CsvProblem(
        `Line ${line}: a quoted cell is never closed; add the missing " at its end, ` +
          'and write a " inside a quoted cell as ""',
      )
    }
    value += text.slice(from, close)
    if (text[close + 1] !== QUOTE) return { value, end: close + 1 }
    value += QUOTE
    from = close + 2
  }
}

function endOfUnquotedCell(text: string, from: number, delimiter: Delimiter): number {
  let index = from
  while (index < text.length) {
    const char = text[index]
    if (char === delimiter || char === '\n' || char === '\r') break
    index += 1
  }
  return index
}

function countLineBreaks(text: string): number {
  return text.match(/\r\n|\r|\n/g)?.length ?? 0
}

/**
 * Characters a spreadsheet reads as the start of a formula (OWASP "CSV injection"): a generated
 * answer or an uploaded cell could otherwise run one in the spreadsheet of whoever opens the results.
 */
const FORMULA_START = /^[=+\-@\t\r]/
/** Quoted whenever the cell holds any delimiter the parser could pick, so reading it back never depends on guessing. */
const NEEDS_QUOTES = /[",;\t\r\n]/

/** One cell as written: guarded against formulas with a leading ', then quoted when needed. */
export function csvCell(cell: string): string {
  const guarded = FORMULA_START.test(cell) ? `'${cell}` : cell
  return NEEDS_QUOTES.test(guarded) ? `${QUOTE}${guarded.replaceAll(QUOTE, QUOTE + QUOTE)}${QUOTE}` : guarded
}

/** One CSV record, comma-separated and ending in CRLF (RFC 4180). */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`
}

/** The records one after another: a whole CSV text. */
export function csvText(rows: readonly (readonly string[])[]): string {
  return rows.map(csvLine).join('')
}
