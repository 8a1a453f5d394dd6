import { beforeAll, describe, expect, it } from 'vitest'

import { fakeAiProvider } from '../generation/testing/fake-ai-provider.ts'
import { createBulkJob } from './create-job.ts'
import { BULK_ROWS_MAX_LIMIT } from './rows.schema.ts'
import { BIO_COLUMNS, bioRow, bioRows } from './testing/bulk-rows-fixtures.ts'
import { useBulkTestFrame } from './testing/bulk-test-frame.ts'

const frame = useBulkTestFrame()
let toolId: string

beforeAll(async () => {
  toolId = (await frame.tool()).id
})

/** Answers with markup the sanitiser removes around the text it keeps. */
const unsafeAnswers = fakeAiProvider({
  text: () => '<p onclick="steal()">Fresh <b>bread</b></p><script>steal()</script>',
})

describe('bulk.rows', () => {
  it('pages through the rows in input order with their cells, sanitised output, error and generation', async () => {
    const ada = await frame.account('ada', 30)
    const runtime = await frame.runtime({ ai: unsafeAnswers })
    const rows = [...bioRows(4), bioRow('', 'friendly'), ...bioRows(2, 'Late')]
    const { jobId } = await createBulkJob(runtime.context(ada), { toolId, columns: BIO_COLUMNS, rows })
    await runtime.queue.runAll()
    const page = (after?: number) =>
      runtime.caller(ada).bulk.rows({ jobId, limit: 3, ...(after === undefined ? {} : { after }) })

    const first = await page()
    expect(first.nextAfter).toBe(2)
    expect(first.rows[0]).toEqual({
      position: 0,
      status: 'done',
      cells: ['Shop 1', 'friendly'],
      output: '<p>Fresh <b>bread</b></p>',
      media: [],
      error: null,
      generationId: expect.any(String),
    })
    const generation = await frame.db.prisma.generation.findUniqueOrThrow({
      where: { id: first.rows[0]?.generationId ?? '' },
    })
    expect(generation).toMatchObject({ bulkJobId: jobId, output: '<p>Fresh <b>bread</b></p>' })

    const second = await page(first.nextAfter ?? undefined)
    expect(second.rows.map((row) => [row.position, row.status, row.error, row.generationId])).toEqual([
      [3, 'done', null, expect.any(String)],
      [4, 'invalid', 'Business name is required', null],
      [5, 'done', null, expect.any(String)],
    ])
    const last = await page(second.nextAfter ?? undefined)
    expect(last.rows.map((row) => row.position)).toEqual([6])
    expect(last.nextAfter).toBeNull()
  })

  it('answers only the rows in the state asked for, and refuses a page over the limit', async () => {
    const ada = await frame.account('ada', 30)
    const runtime = await frame.runtime({ ai: unsafeAnswers })
    const rows = [bioRow('', 'friendly'), ...bioRows(2), bioRow('Blue Door', 'angry')]
    const { jobId } = await createBulkJob(runtime.context(ada), { toolId, columns: BIO_COLUMNS, rows })

    const invalid = await runtime.caller(ada).bulk.rows({ jobId, status: 'invalid' })
    expect(invalid.rows.map((row) => [row.position, row.error])).toEqual([
      [0, 'Business name is required'],
      [3, 'Choose one of the listed options for Tone'],
    ])
    expect(invalid.nextAfter).toBeNull()
    await expect(runtime.caller(ada).bulk.rows({ jobId, limit: BULK_ROWS_MAX_LIMIT + 1 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    })
  })
})
