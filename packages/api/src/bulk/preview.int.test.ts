import { beforeAll, describe, expect, it } from 'vitest'

import { DEDICATED_TOOL_MESSAGE } from '../generation/prepare-generation.ts'
import { createGeneratorTool } from '../generation/testing/generator-tool.ts'
import { BULK_CSV_MAX_LENGTH } from './create.schema.ts'
import { echoingAi } from './testing/bulk-rows-fixtures.ts'
import { useBulkTestFrame } from './testing/bulk-test-frame.ts'

const frame = useBulkTestFrame()
let toolId: string

beforeAll(async () => {
  toolId = (await frame.tool()).id
})

const db = () => frame.db.prisma

/** A CSV with a header and `count` rows of the test tool's form, the 3rd one missing its business. */
function bios(count: number): string {
  const lines = Array.from({ length: count }, (_, index) => (index === 2 ? ',formal' : `Shop ${index + 1},friendly`))
  return ['Business name,Tone', ...lines].join('\n')
}

const FIELDS = [
  {
    key: '0.0',
    group: 0,
    index: 0,
    label: 'Business name',
    placeholder: 'Business name',
    required: true,
    kind: 'text',
    options: [],
  },
  {
    key: '0.1',
    group: 0,
    index: 1,
    label: 'Tone',
    placeholder: 'Tone',
    required: false,
    kind: 'choice',
    options: ['friendly', 'formal'],
  },
]

describe('bulk.preview', () => {
  it('maps the columns by name, checks every row, shows the first 5 and the cost, and stores nothing', async () => {
    const ada = await frame.account('ada', 12)
    const runtime = await frame.runtime({ ai: echoingAi })

    const preview = await runtime.caller(ada).bulk.preview({ toolId, csv: bios(8) })

    expect(preview).toEqual({
      columns: ['Business name', 'Tone'],
      fields: FIELDS,
      mapping: { '0.0': 0, '0.1': 1 },
      problems: [],
      total: 8,
      valid: 7,
      invalid: 1,
      sample: [
        { position: 0, cells: ['Shop 1', 'friendly'], valid: true, error: null },
        { position: 1, cells: ['Shop 2', 'friendly'], valid: true, error: null },
        { position: 2, cells: ['', 'formal'], valid: false, error: 'Business name is required' },
        { position: 3, cells: ['Shop 4', 'friendly'], valid: true, error: null },
        { position: 4, cells: ['Shop 5', 'friendly'], valid: true, error: null },
      ],
      costPerRow: 1,
      cost: 7,
      balance: 12,
    })
    expect(await db().bulkJob.count({ where: { userId: ada.id } })).toBe(0)
    expect(await db().generation.count({ where: { userId: ada.id, toolId } })).toBe(0)
    expect(runtime.queue.added).toEqual([])
  })

  it('checks the mapping given, and says what keeps it from running', async () => {
    const ada = await frame.account('ada', 30)
    const caller = (await frame.runtime({ ai: echoingAi })).caller(ada)
    const csv = 'Tone,Shop\nformal,Green Leaf\nfriendly,Blue Door\n'

    const mapped = await caller.bulk.preview({ toolId, csv, mapping: { '0.0': 1, '0.1': 0 } })
    expect(mapped).toMatchObject({ mapping: { '0.0': 1, '0.1': 0 }, problems: [], valid: 2, invalid: 0, cost: 2 })
    expect(mapped.sample.map((row) => row.cells)).toEqual([
      ['formal', 'Green Leaf'],
      ['friendly', 'Blue Door'],
    ])

    // 'Shop' names no field, and 'Tone' alone leaves the required field without a column.
    const unmapped = await caller.bulk.preview({ toolId, csv })
    expect(unmapped).toMatchObject({
      mapping: { '0.0': null, '0.1': 0 },
      problems: ["The required field 'Business name' has no column"],
      valid: 0,
      invalid: 2,
      cost: 0,
    })

    const outOfRange = await caller.bulk.preview({ toolId, csv, mapping: { '0.0': 5 } })
    expect(outOfRange.problems).toEqual(["The field 'Business name' is set to column 6, but the file has 2 columns"])
  })

  it('refuses a file it cannot read, too many rows, a file over the size limit and a dedicated tool', async () => {
    const ada = await frame.account('ada', 30)
    const caller = (await frame.runtime({ ai: echoingAi, maxRows: 5 })).caller(ada)
    const dedicated = await createGeneratorTool(db(), { kind: 'paraphrase' })

    await expect(caller.bulk.preview({ toolId, csv: 'Business name\n"Green Leaf\n' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/quote/i),
    })
    await expect(caller.bulk.preview({ toolId, csv: bios(6) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'A bulk run takes at most 5 rows; this file has 6',
    })
    await expect(
      caller.bulk.preview({ toolId, csv: `Business name\n${'x'.repeat(BULK_CSV_MAX_LENGTH)}` }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(caller.bulk.preview({ toolId: dedicated.id, csv: bios(2) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: DEDICATED_TOOL_MESSAGE,
    })
  })
})
