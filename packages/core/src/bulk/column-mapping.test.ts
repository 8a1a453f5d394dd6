import { describe, expect, it } from 'vitest'

import toolsData from '../../../../prisma/seed/tools.json' with { type: 'json' }
import { formGroups, toolWriteInput, type FormGroups } from '../catalogue/tool.ts'
import { composePrompt } from '../generation/compose-prompt.ts'
import {
  columnMapping,
  defaultColumnMapping,
  formFields,
  mappingProblems,
  valuesFromCells,
  type ColumnMapping,
} from './column-mapping.ts'
import { parseCsv } from './csv.ts'
import { checkRowValues } from './row-check.ts'

/** A seeded tool with required text, a select, a tone, a switch and an optional field, read as the seed reads it. */
function seededGroups(slug: string): FormGroups {
  const entry = (toolsData as Array<{ slug: string }>).find((tool) => tool.slug === slug)
  return toolWriteInput.parse(entry).groups
}
const instagramBio = seededGroups('instagram-bio-generator')

const smallForm = formGroups.parse([
  [
    { text: 'Topic', placeholder: 'What to write about', type: 'input' },
    { text: 'Audience', placeholder: 'Who reads it', type: 'textarea', required: false },
  ],
  [
    { text: 'Tone', type: 'tone', options: ['Friendly', 'Formal'] },
    { text: 'Add hashtags', type: 'checkbox', gpt: 'Add hashtags.' },
    { text: 'Length', type: 'select', options: ['Short', 'Long'], required: false },
  ],
])

describe('formFields', () => {
  it('lists every element with its key, label, placeholder, kind and effective required rule', () => {
    expect(formFields(smallForm)).toEqual([
      {
        key: '0.0',
        group: 0,
        index: 0,
        label: 'Topic',
        placeholder: 'What to write about',
        required: true,
        kind: 'text',
        options: [],
      },
      {
        key: '0.1',
        group: 0,
        index: 1,
        label: 'Audience',
        placeholder: 'Who reads it',
        required: false,
        kind: 'text',
        options: [],
      },
      {
        key: '1.0',
        group: 1,
        index: 0,
        label: 'Tone',
        placeholder: '',
        required: false,
        kind: 'choice',
        options: ['Friendly', 'Formal'],
      },
      {
        key: '1.1',
        group: 1,
        index: 1,
        label: 'Add hashtags',
        placeholder: '',
        required: false,
        kind: 'toggle',
        options: [],
      },
      {
        key: '1.2',
        group: 1,
        index: 2,
        label: 'Length',
        placeholder: '',
        required: false,
        kind: 'choice',
        options: ['Short', 'Long'],
      },
    ])
  })

  it('reads an unknown element type as text, as the generator page renders it', () => {
    const groups = formGroups.parse([[{ text: 'Colour', type: 'other', otherType: 'color' }]])
    expect(formFields(groups)[0]?.kind).toBe('text')
  })
})

describe('columnMapping', () => {
  it('takes column indexes or null and refuses anything else', () => {
    expect(columnMapping.parse({ '0.0': 2, '0.1': null })).toEqual({ '0.0': 2, '0.1': null })
    for (const bad of [{ '0.0': -1 }, { '0.0': 1.5 }, { '0.0': '1' }, ['x']]) {
      expect(columnMapping.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
    }
  })
})

describe('defaultColumnMapping', () => {
  it('maps columns named like labels or placeholders, folding case, spacing and punctuation', () => {
    expect(defaultColumnMapping(['notes', 'TOPIC', 'who_reads-it', 'add hashtags?'], smallForm)).toEqual({
      '0.0': 1,
      '0.1': 2,
      '1.0': null,
      '1.1': 3,
      '1.2': null,
    })
  })

  it('prefers a label over a placeholder and uses each column once', () => {
    const groups = formGroups.parse([
      [
        { text: 'Name', placeholder: 'Brand', type: 'input' },
        { text: 'Brand', type: 'input' },
        { text: 'Title', placeholder: 'Name', type: 'input' },
      ],
    ])
    expect(defaultColumnMapping(['brand', 'name'], groups)).toEqual({ '0.0': 1, '0.1': 0, '0.2': null })
  })

  it('maps by order when the file has one column per field and no names match', () => {
    expect(defaultColumnMapping(['a', 'b', 'c', 'd', 'e'], smallForm)).toEqual({
      '0.0': 0,
      '0.1': 1,
      '1.0': 2,
      '1.1': 3,
      '1.2': 4,
    })
  })

  it('does not map by order when any name matched or the counts differ', () => {
    expect(Object.values(defaultColumnMapping(['a', 'b', 'c', 'd', 'tone'], smallForm))).toEqual([
      null,
      null,
      4,
      null,
      null,
    ])
    expect(Object.values(defaultColumnMapping(['a', 'b'], smallForm)).every((column) => column === null)).toBe(true)
  })
})

describe('mappingProblems', () => {
  const header = ['topic', 'tone']

  it('finds none in a mapping that can run', () => {
    expect(mappingProblems({ '0.0': 0, '1.0': 1 }, header, smallForm)).toEqual([])
  })

  it('names a required field without a column, a column out of range and an unknown field', () => {
    expect(mappingProblems({ '0.0': null, '1.0': 2, '3.1': 0 }, header, smallForm)).toEqual([
      "The required field 'Topic' has no column",
      "The field 'Tone' is set to column 3, but the file has 2 columns",
      "This tool's form has no field '3.1'",
    ])
  })

  it('asks for at least one column when nothing is mapped, so rows are not the same prompt paid N times', () => {
    const optional = formGroups.parse([[{ text: 'Topic', type: 'input', required: false }]])
    expect(mappingProblems({ '0.0': null }, header, optional)).toEqual(['Choose a column for at least one field'])
  })
})

describe('valuesFromCells', () => {
  const all: ColumnMapping = { '0.0': 0, '0.1': 1, '1.0': 2, '1.1': 3, '1.2': 4 }

  it('trims text, reads toggles in any case and sends the rest as written', () => {
    expect(valuesFromCells(['  bread  ', '', 'formal', 'YES', 'Long'], all, smallForm)).toEqual([
      ['bread', ''],
      ['formal', true, 'Long'],
    ])
    for (const [cell, value] of [
      ['true', true],
      ['On', true],
      ['1', true],
      ['no', false],
      ['FALSE', false],
      ['off', false],
      ['0', false],
      ['', ''],
      ['maybe', 'maybe'],
    ] as const) {
      expect(valuesFromCells(['x', '', '', ` ${cell} `, ''], all, smallForm)[1]?.[1], cell).toBe(value)
    }
  })

  it('leaves unmapped fields and missing cells to the defaults', () => {
    expect(valuesFromCells(['bread'], { '0.0': 0, '1.0': 7 }, smallForm)).toEqual([
      ['bread', ''],
      ['', '', ''],
    ])
  })
})

describe('valuesFromCells with the row check, on the seeded Instagram Bio Generator', () => {
  const csv = [
    'Account name or niche,What followers get,Account type,Tone,Layout,Call to action',
    'Sunny Crumbs bakery,Daily bakes,small business,playful,no,Order below',
    'Leeds Runners,Routes and meet-ups,Nonprofit,,,',
    ',Daily bakes,Brand,Friendly,yes,',
    'Sunny Crumbs,Daily bakes,Shop,Friendly,yes,',
    'Sunny Crumbs,Daily bakes,Brand,Friendly,sometimes,',
  ].join('\r\n')
  const file = parseCsv(csv, { maxRows: 10 })
  if (!file.ok) throw new Error(file.message)
  const mapping = defaultColumnMapping(file.header, instagramBio)
  const check = (row: number) =>
    checkRowValues(instagramBio, valuesFromCells(file.rows[row] ?? [], mapping, instagramBio))

  it('maps every column by its label', () => {
    expect(mapping).toEqual({ '0.0': 0, '0.1': 1, '1.0': 2, '1.1': 3, '1.2': 4, '2.0': 5 })
    expect(mappingProblems(mapping, file.header, instagramBio)).toEqual([])
  })

  it('accepts a good row, with the switch off as "no" says', () => {
    const row = check(0)
    expect(row).toEqual({
      ok: true,
      values: [['Sunny Crumbs bakery', 'Daily bakes'], ['small business', 'playful', false], ['Order below']],
    })
    const prompt = row.ok ? composePrompt(instagramBio, row.values).prompt : ''
    expect(prompt).toContain('It is a Small business account')
    expect(prompt).toContain('Write each bio as a single line without emojis.')
  })

  it('accepts a row that leaves the tone, the switch and the optional field to their defaults', () => {
    const row = check(1)
    expect(row.ok).toBe(true)
    const prompt = row.ok ? composePrompt(instagramBio, row.values).prompt : ''
    expect(prompt).toContain('Tone of voice: Friendly.')
    expect(prompt).toContain('Split each bio into two to four short lines')
  })

  it('refuses a row missing a required field, an unlisted option or a toggle that is neither on nor off', () => {
    expect(check(2)).toEqual({ ok: false, message: 'e.g. Sunny Crumbs, a sourdough bakery in Leeds is required' })
    expect(check(3)).toEqual({ ok: false, message: 'Choose one of the listed options for Account type' })
    expect(check(4)).toEqual({ ok: false, message: 'Layout must be on or off' })
  })

  it('refuses the whole mapping when the required columns are missing', () => {
    const partial = defaultColumnMapping(['Tone', 'Layout'], instagramBio)
    expect(mappingProblems(partial, ['Tone', 'Layout'], instagramBio)).toEqual([
      "The required field 'Account name or niche' has no column",
      "The required field 'What followers get' has no column",
      "The required field 'Account type' has no column",
    ])
  })
})
