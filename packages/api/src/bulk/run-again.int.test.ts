import { describe, expect, it } from 'vitest'

import { createGeneratorTool } from '../generation/testing/generator-tool.ts'
import { createBulkJob } from './create-job.ts'
import { BIO_COLUMNS, bioRow, bioRows, echoingAi } from './testing/bulk-rows-fixtures.ts'
import { useBulkTestFrame } from './testing/bulk-test-frame.ts'

const frame = useBulkTestFrame()

function rowsOf(jobId: string) {
  return frame.db.prisma.bulkRow.findMany({
    where: { jobId },
    orderBy: { position: 'asc' },
    select: { position: true, cells: true, values: true, status: true, error: true },
  })
}

describe('bulk.runAgain', () => {
  it('makes a new job with the same tool, columns and rows, and runs it', async () => {
    const ada = await frame.account('ada', 30)
    const tool = await frame.tool()
    const runtime = await frame.runtime({ ai: echoingAi })
    const first = await createBulkJob(runtime.context(ada), { toolId: tool.id, columns: BIO_COLUMNS, rows: bioRows(2) })
    await runtime.queue.runAll()

    const again = await runtime.caller(ada).bulk.runAgain({ jobId: first.jobId })

    expect(again).toEqual({ jobId: expect.any(String), total: 2, invalid: 0, costPerRow: 1, cost: 2 })
    expect(again.jobId).not.toBe(first.jobId)
    const job = await frame.db.prisma.bulkJob.findUniqueOrThrow({ where: { id: again.jobId } })
    expect(job).toMatchObject({ toolId: tool.id, sourceJobId: first.jobId, columns: BIO_COLUMNS, status: 'running' })
    expect((await rowsOf(again.jobId)).map((row) => [row.position, row.cells, row.values])).toEqual([
      [0, ['Shop 1', 'friendly'], [['Shop 1', 'friendly']]],
      [1, ['Shop 2', 'friendly'], [['Shop 2', 'friendly']]],
    ])
    await runtime.queue.runAll()
    expect(await runtime.caller(ada).bulk.get({ jobId: again.jobId })).toMatchObject({ status: 'completed', done: 2 })
    expect(await frame.db.prisma.generation.count({ where: { bulkJobId: again.jobId } })).toBe(2)
  })

  it('leaves out the rows that could not run, rather than running the form’s defaults in their place', async () => {
    const ada = await frame.account('ada', 30)
    // Every field optional, and a tone that falls back to its first option: an empty row still makes a prompt.
    const tool = await createGeneratorTool(frame.db.prisma, {
      groups: [
        [
          {
            text: 'Topic',
            placeholder: 'Topic',
            gpt: 'Write about {value}.',
            type: 'input',
            options: [],
            required: false,
          },
          {
            text: 'Tone',
            placeholder: 'Tone',
            gpt: 'Use a {value} tone.',
            type: 'tone',
            options: ['friendly', 'formal'],
            required: true,
          },
        ],
      ],
    })
    const runtime = await frame.runtime({ ai: echoingAi })
    const rows = [bioRow('Bread'), bioRow('Cakes', 'angry'), bioRow('Pies')]
    const first = await createBulkJob(runtime.context(ada), { toolId: tool.id, columns: BIO_COLUMNS, rows })
    expect(first).toMatchObject({ total: 3, invalid: 1 })
    await runtime.queue.runAll()

    const again = await runtime.caller(ada).bulk.runAgain({ jobId: first.jobId })

    expect(again).toMatchObject({ total: 2, invalid: 0, cost: 2 })
    expect((await rowsOf(again.jobId)).map((row) => row.cells)).toEqual([
      ['Bread', 'friendly'],
      ['Pies', 'friendly'],
    ])
  })

  it('answers NOT_FOUND when the job’s tool has been deleted', async () => {
    const ada = await frame.account('ada', 30)
    const tool = await createGeneratorTool(frame.db.prisma)
    const runtime = await frame.runtime({ ai: echoingAi })
    const { jobId } = await createBulkJob(runtime.context(ada), {
      toolId: tool.id,
      columns: BIO_COLUMNS,
      rows: bioRows(1),
    })
    await runtime.queue.runAll()
    await frame.db.prisma.tool.delete({ where: { id: tool.id } })

    await expect(runtime.caller(ada).bulk.runAgain({ jobId })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Tool not found',
    })
  })
})
