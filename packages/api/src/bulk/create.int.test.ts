import { beforeAll, describe, expect, it } from 'vitest'

import { MAX_VALUE_LENGTH } from '@promptly/core/generation/form-value-rules'

import type { SignedInUser } from '../context.ts'
import { balanceOf } from '../credits/testing/users-with-credits.ts'
import { UPCOMING_TOOL_MESSAGE } from '../generation/prepare-generation.ts'
import { createGeneratorTool } from '../generation/testing/generator-tool.ts'
import { echoedBio, echoingAi } from './testing/bulk-rows-fixtures.ts'
import { useBulkTestFrame } from './testing/bulk-test-frame.ts'

const frame = useBulkTestFrame()
let toolId: string

beforeAll(async () => {
  toolId = (await frame.tool()).id
})

const db = () => frame.db.prisma

/** What the account has stored of bulk runs: jobs and rows. */
async function storedBulk(user: SignedInUser) {
  const jobs = await db().bulkJob.count({ where: { userId: user.id } })
  const rows = await db().bulkRow.count({ where: { job: { userId: user.id } } })
  return { jobs, rows }
}

function rowsOf(jobId: string) {
  return db().bulkRow.findMany({ where: { jobId }, orderBy: { position: 'asc' } })
}

describe('bulk.create from JSON rows', () => {
  it('makes the job with a column per form field, charges nothing yet, and runs it to completed', async () => {
    const ada = await frame.account('ada', 30)
    const runtime = await frame.runtime({ ai: echoingAi })
    const rows = [[['Green Leaf', 'friendly']], [['Blue Door', 'formal']], [['Red Kite']]]

    const created = await runtime.caller(ada).bulk.create({ toolId, source: { kind: 'rows', rows } })

    expect(created).toEqual({ jobId: expect.any(String), total: 3, invalid: 0, costPerRow: 1, cost: 3 })
    expect(await balanceOf(db(), ada.id)).toBe(30)
    const job = await db().bulkJob.findUniqueOrThrow({ where: { id: created.jobId } })
    expect(job).toMatchObject({ userId: ada.id, toolId, status: 'running', columns: ['Business name', 'Tone'] })
    expect((await rowsOf(created.jobId)).map((row) => [row.cells, row.values])).toEqual([
      [['Green Leaf', 'friendly'], [['Green Leaf', 'friendly']]],
      [['Blue Door', 'formal'], [['Blue Door', 'formal']]],
      [['Red Kite', ''], [['Red Kite']]],
    ])

    await runtime.queue.runAll()
    expect((await rowsOf(created.jobId)).map((row) => row.output)).toEqual(
      ['Green Leaf', 'Blue Door', 'Red Kite'].map((business) => echoedBio(business)),
    )
    expect(await balanceOf(db(), ada.id)).toBe(27)
  })

  it('stores each value exactly as sent: quotes, backslashes, JSON-like text, emoji and other scripts', async () => {
    // Every row goes in through one JSON parameter (create-job.ts): nothing may be unescaped on the way.
    const ada = await frame.account('ada', 30)
    const runtime = await frame.runtime({ ai: echoingAi })
    const awkward = [
      `O'Brien "Bakes" \\ Co`,
      '{"status":"done","values":[1]}',
      "'); DROP TABLE bulk_rows; --",
      'Café 🍰 ベーカリー مخبز',
    ]
    const rows = awkward.map((business) => [[business, 'friendly']])

    const created = await runtime.caller(ada).bulk.create({ toolId, source: { kind: 'rows', rows } })

    expect((await rowsOf(created.jobId)).map((row) => [row.position, row.cells, row.values])).toEqual(
      awkward.map((business, position) => [position, [business, 'friendly'], [[business, 'friendly']]]),
    )
  })

  it('keeps rows a single run would refuse as invalid, with its message, and runs the rest', async () => {
    const ada = await frame.account('ada', 30)
    const runtime = await frame.runtime({ ai: echoingAi })
    const rows = [
      [['Green Leaf', 'friendly']],
      [['', 'friendly']],
      [['x'.repeat(MAX_VALUE_LENGTH + 1), 'friendly']],
      [['Blue Door', 'angry']],
      [['Red Kite', 'formal']],
    ]

    const created = await runtime.caller(ada).bulk.create({ toolId, source: { kind: 'rows', rows } })
    expect(created).toMatchObject({ total: 5, invalid: 3, cost: 2 })
    await runtime.queue.runAll()

    expect((await rowsOf(created.jobId)).map((row) => [row.status, row.error])).toEqual([
      ['done', null],
      ['invalid', 'Business name is required'],
      ['invalid', `A field can hold at most ${MAX_VALUE_LENGTH} characters`],
      ['invalid', 'Choose one of the listed options for Tone'],
      ['done', null],
    ])
    const job = await runtime.caller(ada).bulk.get({ jobId: created.jobId })
    expect(job).toMatchObject({ status: 'completed', done: 2, invalid: 3, remaining: 0, creditsUsed: 2 })
    expect(await balanceOf(db(), ada.id)).toBe(28)
  })

  it('refuses a job none of whose rows can run, and stores nothing', async () => {
    const ada = await frame.account('ada', 30)
    const runtime = await frame.runtime({ ai: echoingAi })
    const rows = [[['', 'friendly']], [['Blue Door', 'angry']]]

    await expect(runtime.caller(ada).bulk.create({ toolId, source: { kind: 'rows', rows } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message:
        'None of the rows can run (row 1: Business name is required; ' +
        'row 2: Choose one of the listed options for Tone)',
    })
    expect(await storedBulk(ada)).toEqual({ jobs: 0, rows: 0 })
    expect(runtime.queue.added).toEqual([])
  })

  it('refuses more rows than BULK_MAX_ROWS, and no rows at all, storing nothing', async () => {
    const ada = await frame.account('ada', 30)
    const runtime = await frame.runtime({ ai: echoingAi, maxRows: 3 })
    const row = [['Green Leaf', 'friendly']]

    await expect(
      runtime.caller(ada).bulk.create({ toolId, source: { kind: 'rows', rows: [row, row, row, row] } }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'A bulk run takes at most 3 rows; this one has 4' })
    await expect(runtime.caller(ada).bulk.create({ toolId, source: { kind: 'rows', rows: [] } })).rejects.toMatchObject(
      { code: 'BAD_REQUEST', message: 'Add at least one row to run' },
    )
    expect(await storedBulk(ada)).toEqual({ jobs: 0, rows: 0 })
  })

  it('refuses a tool that cannot run in bulk, an unknown tool and a malformed id', async () => {
    const ada = await frame.account('ada', 30)
    const runtime = await frame.runtime({ ai: echoingAi })
    const upcoming = await createGeneratorTool(db(), { upcoming: true })
    const source = { kind: 'rows' as const, rows: [[['Green Leaf', 'friendly']]] }
    const create = (id: string) => runtime.caller(ada).bulk.create({ toolId: id, source })

    await expect(create(upcoming.id)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: UPCOMING_TOOL_MESSAGE })
    await expect(create('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(create('not-a-tool')).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    expect(await storedBulk(ada)).toEqual({ jobs: 0, rows: 0 })
  })
})

describe('bulk.create from a CSV', () => {
  const csv =
    'Company,Business name,Tone\r\nAcme,Green Leaf,friendly\r\nAcme,"Blue Door, Ltd",formal\r\nAcme,,formal\r\n'

  it('makes the job with the file’s columns and cells, the mapped fields filled, and runs the valid rows', async () => {
    const ada = await frame.account('ada', 30)
    const runtime = await frame.runtime({ ai: echoingAi })

    const created = await runtime
      .caller(ada)
      .bulk.create({ toolId, source: { kind: 'csv', csv, mapping: { '0.0': 1, '0.1': 2 } } })

    expect(created).toMatchObject({ total: 3, invalid: 1, cost: 2 })
    const job = await db().bulkJob.findUniqueOrThrow({ where: { id: created.jobId } })
    expect(job.columns).toEqual(['Company', 'Business name', 'Tone'])
    await runtime.queue.runAll()
    expect((await rowsOf(created.jobId)).map((row) => [row.cells, row.status, row.output, row.error])).toEqual([
      [['Acme', 'Green Leaf', 'friendly'], 'done', echoedBio('Green Leaf'), null],
      [['Acme', 'Blue Door, Ltd', 'formal'], 'done', echoedBio('Blue Door, Ltd'), null],
      [['Acme', '', 'formal'], 'invalid', null, 'Business name is required'],
    ])
  })

  it('refuses a mapping that leaves a required field without a column, naming the field', async () => {
    const ada = await frame.account('ada', 30)
    const runtime = await frame.runtime({ ai: echoingAi })

    await expect(
      runtime.caller(ada).bulk.create({ toolId, source: { kind: 'csv', csv, mapping: { '0.0': null, '0.1': 2 } } }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: "The required field 'Business name' has no column" })
    expect(await storedBulk(ada)).toEqual({ jobs: 0, rows: 0 })
  })

  it('refuses a file that cannot be read, or holds too many rows, with the parser’s message', async () => {
    const ada = await frame.account('ada', 30)
    const runtime = await frame.runtime({ ai: echoingAi, maxRows: 2 })
    const create = (text: string) =>
      runtime.caller(ada).bulk.create({ toolId, source: { kind: 'csv', csv: text, mapping: { '0.0': 0 } } })

    await expect(create('Business name\r\n"Green Leaf\r\n')).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/quote/i),
    })
    await expect(create(csv)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'A bulk run takes at most 2 rows; this file has 3',
    })
    expect(await storedBulk(ada)).toEqual({ jobs: 0, rows: 0 })
  })
})
