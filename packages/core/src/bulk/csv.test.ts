import { describe, expect, it } from 'vitest'

import { MAX_VALUE_LENGTH } from '../generation/form-value-rules.ts'
import { csvCell, csvLine, csvText, parseCsv, type CsvParse } from './csv.ts'

const LIMITS = { maxRows: 100 }

function parsed(text: string, options = LIMITS): { header: string[]; rows: string[][] } {
  const result = parseCsv(text, options)
  if (!result.ok) throw new Error(`expected the CSV to parse, got: ${result.message}`)
  return { header: result.header, rows: result.rows }
}

function refusal(text: string, options = LIMITS): string {
  const result: CsvParse = parseCsv(text, options)
  if (result.ok) throw new Error('expected the CSV to be refused')
  return result.message
}

describe('parseCsv', () => {
  it('reads a header and rows', () => {
    expect(parsed('topic,tone\nbread,Friendly\ncake,Playful\n')).toEqual({
      header: ['topic', 'tone'],
      rows: [
        ['bread', 'Friendly'],
        ['cake', 'Playful'],
      ],
    })
  })

  it('reads quoted cells holding commas, doubled quotes and line breaks', () => {
    const text = 'topic,notes\r\n"bread, sourdough","She said ""hi""\r\nthen left"\r\nplain,"a\nb"\r\n'
    expect(parsed(text).rows).toEqual([
      ['bread, sourdough', 'She said "hi"\r\nthen left'],
      ['plain', 'a\nb'],
    ])
  })

  it.each([
    ['CRLF', '\r\n'],
    ['LF', '\n'],
    ['CR', '\r'],
  ])('takes %s line ends', (_name, end) => {
    expect(parsed(['a,b', '1,2', '3,4'].join(end))).toEqual({
      header: ['a', 'b'],
      rows: [
        ['1', '2'],
        ['3', '4'],
      ],
    })
  })

  it('drops a UTF-8 byte-order mark', () => {
    expect(parsed('\uFEFFtopic\nbread').header).toEqual(['topic'])
  })

  it.each([
    ['semicolons', 'topic;notes\nbread;a, b\n', ['bread', 'a, b']],
    ['tabs', 'topic\tnotes\nbread\ta; b, c\n', ['bread', 'a; b, c']],
    ['commas', 'topic,notes\nbread,a; b\n', ['bread', 'a; b']],
  ])('detects %s from the header line', (_name, text, row) => {
    expect(parsed(text).rows).toEqual([row])
  })

  it('ignores delimiters inside the quoted header names and prefers the comma on a tie', () => {
    expect(parsed('"a;b;c",d\nx,y').header).toEqual(['a;b;c', 'd'])
    expect(parsed('a;b,c\nx;y,z').header).toEqual(['a;b', 'c'])
    expect(parsed('topic\nbread; rye').rows).toEqual([['bread; rye']])
  })

  it('trims header names but keeps data cells as written', () => {
    expect(parsed(' topic , tone \n  bread , Friendly \n')).toEqual({
      header: ['topic', 'tone'],
      rows: [['  bread ', ' Friendly ']],
    })
  })

  it('skips blank lines, before the header too, and lines of empty cells', () => {
    expect(parsed('\n\ntopic,tone\n\nbread,Witty\n,\n  ,  \n\ncake,\n\n').rows).toEqual([
      ['bread', 'Witty'],
      ['cake', ''],
    ])
  })

  it('pads short rows, and drops empty cells past the header and trailing unnamed columns', () => {
    expect(parsed('a,b,c\n1\n1,2,3,,\n').rows).toEqual([
      ['1', '', ''],
      ['1', '2', '3'],
    ])
    expect(parsed('a,b,\n1,2,\n').header).toEqual(['a', 'b'])
  })

  it('takes text after a closing quote and quotes inside an unquoted cell literally', () => {
    expect(parsed('a,b\n"x"y,z"w\n').rows).toEqual([['xy', 'z"w']])
  })

  it('keeps a cell of exactly the longest length a form value may have', () => {
    expect(parsed(`a\n${'x'.repeat(MAX_VALUE_LENGTH)}`).rows[0]?.[0]).toHaveLength(MAX_VALUE_LENGTH)
  })

  it('takes exactly maxRows rows', () => {
    expect(parsed('a\n1\n2\n3', { maxRows: 3 }).rows).toHaveLength(3)
  })

  describe('refuses, naming the line', () => {
    it('a file with NUL or another binary control character', () => {
      expect(refusal('a,b\n1,2\n3,\u00004\n')).toBe(
        'Line 3 holds a control character (such as NUL), so this is not a CSV text file. ' +
          'Save it from your spreadsheet as "CSV UTF-8" and upload it again',
      )
      expect(refusal('a\r\nb\u0007')).toMatch(/^Line 2 holds a control character/)
      // UTF-16 read as UTF-8: every other byte is NUL.
      expect(refusal('t\u0000o\u0000p\u0000i\u0000c\u0000')).toMatch(/^Line 1 /)
    })

    it('an unterminated quote, at the line it opens on', () => {
      expect(refusal('a,b\n1,2\n3,"four\nfive\n6,7\n')).toBe(
        'Line 3: a quoted cell is never closed; add the missing " at its end, and write a " inside a quoted cell as ""',
      )
    })

    it('an empty file, or one of blank lines', () => {
      const message = 'The file is empty: it needs a header line naming the columns, then rows'
      expect(refusal('')).toBe(message)
      expect(refusal('\uFEFF')).toBe(message)
      expect(refusal('\r\n\r\n,,\r\n')).toBe(message)
    })

    it('a header without rows', () => {
      expect(refusal('topic,tone\r\n\r\n')).toBe(
        'The file has a header line but no rows: add one row for each run below the column names',
      )
    })

    it('an empty or duplicate column name', () => {
      expect(refusal('\ntopic,,tone\nbread,x,Witty')).toBe(
        'Line 2: column 2 has no name; the header must name every column',
      )
      expect(refusal('Topic,tone, topic \nbread,Witty,x')).toBe(
        'Line 1: two columns are named "topic"; give each column its own name',
      )
    })

    it('a row with a value past the header', () => {
      expect(refusal('a,b\n1,2\n"x\ny",2,,3\n')).toBe(
        'Line 3 has a value in column 4, but the header names only 2 columns',
      )
      expect(refusal('a\n1,2\n')).toBe('Line 2 has a value in column 2, but the header names only 1 column')
    })

    it('more rows than a bulk run takes, counting them all', () => {
      expect(refusal('a\n1\n2\n\n3\n4\n', { maxRows: 3 })).toBe('A bulk run takes at most 3 rows; this file has 4')
    })

    it('a cell longer than a form value may be', () => {
      const long = 'x'.repeat(MAX_VALUE_LENGTH + 1)
      expect(refusal(`topic,notes\nbread,"${long}"\n`)).toBe(
        `Line 2: the cell in column "notes" has ${MAX_VALUE_LENGTH + 1} characters; ` +
          `a cell can hold at most ${MAX_VALUE_LENGTH}`,
      )
      expect(refusal(`topic,${long}\nbread,x\n`)).toMatch(/^Line 1: the cell in column 2 has/)
    })
  })
})

describe('csvLine', () => {
  it('ends in CRLF and quotes only what needs it', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', 'two\nlines', 'a;b', 'a\tb', ''])).toBe(
      'plain,"a,b","say ""hi""","two\nlines","a;b","a\tb",\r\n',
    )
  })

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])(
    'guards %j against formula injection with a leading quote',
    (cell) => {
      const written = csvCell(cell)
      expect(written.replace(/^"/, '')).toMatch(/^'/)
      expect(parsed(`a\n${written}`).rows).toEqual([[`'${cell}`]])
    },
  )

  it('leaves a formula character later in the cell alone', () => {
    expect(csvCell('a=b-c')).toBe('a=b-c')
    expect(csvCell("'=quoted already")).toBe("'=quoted already")
  })

  it('csvText joins the lines', () => {
    expect(
      csvText([
        ['a', 'b'],
        ['1', '=2'],
      ]),
    ).toBe("a,b\r\n1,'=2\r\n")
  })
})

/** mulberry32: a small seeded generator, so every run tests the same cases and a failure can be replayed. */
function randomSource(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Pieces cells are built from: the ones a CSV writer must get right, and text beyond ASCII. */
const PIECES = ['a', 'Z', '7', ' ', ',', ';', '\t', '"', '""', "'", '\r', '\n', '\r\n', '=', '-', '@', 'é', '日', '😀']
const GUARDED_START = /^[=+\-@\t\r]/

describe('csvText and parseCsv', () => {
  it('give back the rows they were given (seeded property, 500 cases)', () => {
    const random = randomSource(20261206)
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T
    const cell = (maxPieces: number): string => {
      let text = ''
      const count = Math.floor(random() * (maxPieces + 1))
      for (let index = 0; index < count; index++) text += pick(PIECES)
      while (GUARDED_START.test(text)) text = text.slice(1)
      return text
    }
    for (let run = 0; run < 500; run++) {
      const width = 1 + Math.floor(random() * 5)
      const header: string[] = []
      while (header.length < width) {
        const name = `${cell(4).trim()}${header.length}`.replace(GUARDED_START, 'c')
        if (!header.some((other) => other.toLowerCase() === name.toLowerCase())) header.push(name)
      }
      const rows = Array.from({ length: 1 + Math.floor(random() * 6) }, () =>
        Array.from({ length: width }, () => cell(8)),
      ).filter((row) => row.some((value) => value.trim() !== ''))
      if (rows.length === 0) continue
      const text = csvText([header, ...rows])
      expect(parseCsv(text, LIMITS), JSON.stringify(text)).toEqual({ ok: true, header, rows })
    }
  })
})
