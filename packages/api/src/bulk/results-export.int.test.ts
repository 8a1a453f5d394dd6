import { beforeAll, describe, expect, it } from 'vitest'

import { AI_ERROR_MESSAGES, AiProviderError } from '@promptly/ai/errors'
import { parseCsv } from '@promptly/core/bulk/csv'

import type { SignedInUser } from '../context.ts'
import { fakeAiProvider } from '../generation/testing/fake-ai-provider.ts'
import { createBulkJob } from './create-job.ts'
import { exportResults, type ResultFormat } from './results-export.ts'
import { BIO_COLUMNS, bioRow, bioRows, echoingAi } from './testing/bulk-rows-fixtures.ts'
import { useBulkTestFrame } from './testing/bulk-test-frame.ts'

const frame = useBulkTestFrame()
let toolId: string

beforeAll(async () => {
  toolId = (await frame.tool()).id
})

/** Formatted answers, except for 'Broken Co', which the provider refuses for good. */
const formattedAnswers = fakeAiProvider({
  text: (prompt) => {
    if (prompt.includes('Broken Co')) throw new AiProviderError('bad_request')
    return '<p>Fresh &amp; <b>warm</b></p><ul><li>Bread</li><li>Cakes</li></ul>'
  },
})

async function download(user: SignedInUser, jobId: string, format: ResultFormat): Promise<string> {
  let text = ''
  for await (const piece of await exportResults(frame.db.prisma, user.id, jobId, format)) text += piece
  return text
}

/** A finished job: one delivered row, one invalid, one failed, one whose cell a spreadsheet would run. */
async function finishedJob(owner: SignedInUser): Promise<string> {
  const runtime = await frame.runtime({ ai: formattedAnswers })
  const rows = [bioRow('Green Leaf'), bioRow('', 'formal'), bioRow('Broken Co'), bioRow('=HYPERLINK("x")')]
  const { jobId } = await createBulkJob(runtime.context(owner), { toolId, columns: BIO_COLUMNS, rows })
  await runtime.queue.runAll()
  return jobId
}

const PLAIN_OUTPUT = 'Fresh & warm\n\n- Bread\n- Cakes'

describe('a bulk job’s results', () => {
  it('download as CSV: the input columns, then status, output as plain text and error, a line per row', async () => {
    const ada = await frame.account('ada', 30)
    const jobId = await finishedJob(ada)

    const csv = await download(ada, jobId, 'csv')

    // A byte-order mark, so spreadsheet programs read UTF-8; records end in CRLF.
    expect(csv.startsWith('\uFEFFBusiness name,Tone,status,output,error\r\n')).toBe(true)
    const parsed = parseCsv(csv, { maxRows: 10 })
    if (!parsed.ok) throw new Error(parsed.message)
    expect(parsed.header).toEqual(['Business name', 'Tone', 'status', 'output', 'error'])
    expect(parsed.rows).toEqual([
      ['Green Leaf', 'friendly', 'done', PLAIN_OUTPUT, ''],
      ['', 'formal', 'invalid', '', 'Business name is required'],
      ['Broken Co', 'friendly', 'failed', '', AI_ERROR_MESSAGES.bad_request],
      // Guarded: a spreadsheet shows the text instead of running the formula.
      ['\'=HYPERLINK("x")', 'friendly', 'done', PLAIN_OUTPUT, ''],
    ])
  })

  it('download as JSON Lines: row number from 1, input by column name, status, plain output, error', async () => {
    const ada = await frame.account('ada', 30)
    const jobId = await finishedJob(ada)

    const lines = (await download(ada, jobId, 'jsonl')).split('\n')

    expect(lines.at(-1)).toBe('')
    expect(lines.slice(0, -1).map((line) => JSON.parse(line) as unknown)).toEqual([
      {
        row: 1,
        status: 'done',
        input: { 'Business name': 'Green Leaf', Tone: 'friendly' },
        output: PLAIN_OUTPUT,
        error: null,
      },
      {
        row: 2,
        status: 'invalid',
        input: { 'Business name': '', Tone: 'formal' },
        output: '',
        error: 'Business name is required',
      },
      {
        row: 3,
        status: 'failed',
        input: { 'Business name': 'Broken Co', Tone: 'friendly' },
        output: '',
        error: AI_ERROR_MESSAGES.bad_request,
      },
      {
        row: 4,
        status: 'done',
        input: { 'Business name': '=HYPERLINK("x")', Tone: 'friendly' },
        output: PLAIN_OUTPUT,
        error: null,
      },
    ])
  })

  it('hold every row of a job larger than one page, once each, in order', async () => {
    const ada = await frame.account('ada', 30)
    const runtime = await frame.runtime({ ai: echoingAi, maxRows: 2_000 })
    const { jobId } = await createBulkJob(runtime.context(ada), { toolId, columns: BIO_COLUMNS, rows: bioRows(1_201) })

    const lines = (await download(ada, jobId, 'jsonl')).trimEnd().split('\n')

    expect(lines.map((line) => (JSON.parse(line) as { row: number }).row)).toEqual(
      Array.from({ length: 1_201 }, (_, index) => index + 1),
    )
  })

  it('are NOT_FOUND for another user, before anything is sent', async () => {
    const ada = await frame.account('ada', 30)
    const bob = await frame.account('bob', 30)
    const jobId = await finishedJob(ada)

    for (const format of ['csv', 'jsonl'] as const) {
      await expect(exportResults(frame.db.prisma, bob.id, jobId, format)).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: 'Bulk job not found',
      })
    }
  })
})
