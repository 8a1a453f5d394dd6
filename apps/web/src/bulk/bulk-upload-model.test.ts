// @vitest-environment node
import { describe, expect, it } from 'vitest'

import { bulkRowRules, type BulkRowRules } from '@promptly/core/bulk/bulk-row-rules'
import { csvText } from '@promptly/core/bulk/csv'
import { formGroups } from '@promptly/core/catalogue/tool'

import { bulkCost, checkUpload, PREVIEW_ROWS, readCsvText, type CsvTable } from './bulk-upload-model.ts'

/** A form with a required text field, an optional one and a switch. */
const groups = formGroups.parse([
  [
    { text: 'Topic', placeholder: 'What to write about', type: 'input' },
    { text: 'Audience', placeholder: 'Who reads it', type: 'input', required: false },
  ],
  [{ text: 'Emojis', type: 'switch', options: ['Use emojis.', 'No emojis.'] }],
])

function rulesOf(tool: { kind: string; groups: typeof groups }): BulkRowRules {
  const rules = bulkRowRules(tool)
  if (!rules) throw new Error(`no bulk rules for ${tool.kind}`)
  return rules
}
const textTool = rulesOf({ kind: 'generic', groups })

/** Rows a file may hold in these tests; the page has the server's limit (`bulk.list`). */
const MAX_ROWS = 100

function table(text: string): CsvTable {
  const reading = readCsvText(text, MAX_ROWS)
  if (!reading.ok) throw new Error(reading.message)
  return reading.table
}

describe('readCsvText', () => {
  it('gives the header and the data rows of a file', () => {
    expect(readCsvText('Topic,Audience\r\nBread,Bakers\r\n"Tea, green",\r\n', MAX_ROWS)).toEqual({
      ok: true,
      table: {
        header: ['Topic', 'Audience'],
        rows: [
          ['Bread', 'Bakers'],
          ['Tea, green', ''],
        ],
      },
    })
  })

  it('answers the parser’s message for a file it cannot read, naming the line', () => {
    const reading = readCsvText('Topic,Audience\n"Bread,Bakers\n', MAX_ROWS)
    expect(reading.ok).toBe(false)
    if (!reading.ok) expect(reading.message).toMatch(/line 2/i)
  })

  it('takes as many rows as the limit it is given, and refuses one more', () => {
    const rows = (count: number) => csvText([['Topic'], ...Array.from({ length: count }, (_, n) => [`topic ${n}`])])
    expect(readCsvText(rows(3), 3)).toMatchObject({ ok: true, table: { rows: { length: 3 } } })
    expect(readCsvText(rows(4), 3)).toEqual({ ok: false, message: 'A bulk run takes at most 3 rows; this file has 4' })
  })
})

describe('checkUpload', () => {
  it('blocks a mapping that leaves a required field without a column, and checks no row under it', () => {
    const check = checkUpload(table('Audience\nBakers\n'), textTool, { '0.0': null, '0.1': 0, '1.0': null })
    expect(check.problems).toEqual([expect.stringContaining('Topic')])
    expect(check).toMatchObject({ valid: 0, invalid: 0, preview: [] })
  })

  it('counts every row, previews the first few, and marks an invalid one with the single run’s reason', () => {
    const rows = [['', 'nobody'], ...Array.from({ length: 7 }, (_, n) => [`topic ${n}`, 'readers'])]
    const upload = table(csvText([['Topic', 'Audience'], ...rows]))
    const check = checkUpload(upload, textTool, { '0.0': 0, '0.1': 1, '1.0': null })
    expect(check.problems).toEqual([])
    expect({ valid: check.valid, invalid: check.invalid }).toEqual({ valid: 7, invalid: 1 })
    expect(check.preview).toHaveLength(PREVIEW_ROWS)
    expect(check.preview[0]).toEqual({
      position: 0,
      cells: ['', 'nobody'],
      check: { ok: false, message: expect.any(String) },
    })
    expect(check.preview[1]).toEqual({ position: 1, cells: ['topic 0', 'readers'], check: { ok: true } })
  })

  it('marks a switch cell that is no yes/no word invalid, and takes one that is', () => {
    const upload = table('Topic,Emojis\nBread,maybe\nTea,yes\n')
    const check = checkUpload(upload, textTool, { '0.0': 0, '0.1': null, '1.0': 1 })
    expect(check.preview.map((row) => row.check.ok)).toEqual([false, true])
  })
})

describe('bulkCost', () => {
  it('charges each valid row and says how far the balance falls short, never below nothing', () => {
    expect(bulkCost(25, 30)).toEqual({ cost: 25, short: 0 })
    expect(bulkCost(50, 30)).toEqual({ cost: 50, short: 20 })
    expect(bulkCost(0, 0)).toEqual({ cost: 0, short: 0 })
  })
})

describe('checkUpload for a media tool', () => {
  it('checks image rows through the fixed form, costing each by its quality', () => {
    const image = rulesOf({ kind: 'image', groups: [] })
    const upload = table('Prompt,Quality\nA fox,standard\nA whale,\nA cat,ultra\n')
    const check = checkUpload(upload, image, { '0.0': 0, '0.1': 1, '0.2': null })
    expect(check).toMatchObject({ problems: [], valid: 2, invalid: 1, cost: 3, costPerRow: 2 })
    expect(check.preview[2]?.check).toEqual({ ok: false, message: 'Quality is hd or standard' })
  })

  it('has no bulk rules for a dedicated tool other than images and text to audio', () => {
    expect(bulkRowRules({ kind: 'paraphrase', groups: [] })).toBeNull()
    expect(rulesOf({ kind: 'text_to_audio', groups: [] }).groups[0]?.map((field) => field.text)).toEqual([
      'Text',
      'Voice',
    ])
  })
})
