import { describe, expect, it } from 'vitest'

import { createBulkJob } from './create-job.ts'
import { BULK_LIST_LIMIT } from './list.schema.ts'
import { BIO_COLUMNS, bioRows, echoingAi } from './testing/bulk-rows-fixtures.ts'
import { useBulkTestFrame } from './testing/bulk-test-frame.ts'

const frame = useBulkTestFrame()

describe('bulk.list', () => {
  it('answers the caller’s jobs newest first, with their progress, and nobody else’s', async () => {
    const ada = await frame.account('ada', 30)
    const bob = await frame.account('bob', 30)
    const tool = await frame.tool()
    const runtime = await frame.runtime({ ai: echoingAi })
    const first = await createBulkJob(runtime.context(ada), { toolId: tool.id, columns: BIO_COLUMNS, rows: bioRows(2) })
    await runtime.queue.runAll()
    const second = await createBulkJob(runtime.context(ada), {
      toolId: tool.id,
      columns: BIO_COLUMNS,
      rows: bioRows(3),
    })
    await createBulkJob(runtime.context(bob), { toolId: tool.id, columns: BIO_COLUMNS, rows: bioRows(1) })

    const { jobs } = await runtime.caller(ada).bulk.list()

    expect(jobs).toMatchObject([
      { id: second.jobId, toolName: tool.name, status: 'running', total: 3, done: 0, remaining: 3, finishedAt: null },
      { id: first.jobId, toolName: tool.name, status: 'completed', total: 2, done: 2, remaining: 0, creditsUsed: 2 },
    ])
    expect(jobs[1]?.finishedAt).toBeInstanceOf(Date)
  })

  it(`answers at most ${BULK_LIST_LIMIT} jobs, the newest`, async () => {
    const ada = await frame.account('ada', 30)
    const runtime = await frame.runtime({ ai: echoingAi })
    const start = Date.now() - 3_600_000
    await frame.db.prisma.bulkJob.createMany({
      data: Array.from({ length: BULK_LIST_LIMIT + 1 }, (_, index) => ({
        userId: ada.id,
        toolName: `Tool ${index}`,
        costPerRow: 1,
        total: 0,
        columns: [],
        status: 'completed' as const,
        createdAt: new Date(start + index * 1000),
      })),
    })

    const { jobs } = await runtime.caller(ada).bulk.list()

    expect(jobs).toHaveLength(BULK_LIST_LIMIT)
    expect(jobs[0]?.toolName).toBe(`Tool ${BULK_LIST_LIMIT}`)
    expect(jobs.at(-1)?.toolName).toBe('Tool 1')
  })

  it('answers the operator’s row limit, the one bulk.create holds a new job to', async () => {
    const ada = await frame.account('ada', 30)
    const tool = await frame.tool()
    const runtime = await frame.runtime({ ai: echoingAi, maxRows: 3 })

    expect(await runtime.caller(ada).bulk.list()).toEqual({ jobs: [], maxRows: 3 })
    const csv = `Business name\n${['Green Leaf', 'Blue Door', 'Red Barn', 'Gold Mill'].join('\n')}\n`
    const mapping = { '0.0': 0, '0.1': null }
    await expect(
      runtime.caller(ada).bulk.create({ toolId: tool.id, source: { kind: 'csv', csv, mapping } }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('at most 3 rows') as unknown })
  })
})
