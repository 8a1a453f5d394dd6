import { beforeAll, describe, expect, it } from 'vitest'

import { createBulkJob } from './create-job.ts'
import { BIO_COLUMNS, bioRow, bioRows, echoingAi } from './testing/bulk-rows-fixtures.ts'
import { useBulkTestFrame } from './testing/bulk-test-frame.ts'

const frame = useBulkTestFrame()
let tool: { id: string; name: string }

beforeAll(async () => {
  tool = await frame.tool()
})

describe('bulk.get', () => {
  it('answers the job’s progress as its rows settle: counts, credits used and an estimate while it runs', async () => {
    const ada = await frame.account('ada', 30)
    const runtime = await frame.runtime({ ai: echoingAi, ownerInFlight: 2 })
    const rows = [...bioRows(4), bioRow('', 'friendly')]
    const { jobId } = await createBulkJob(runtime.context(ada), { toolId: tool.id, columns: BIO_COLUMNS, rows })
    const get = () => runtime.caller(ada).bulk.get({ jobId })

    expect(await get()).toEqual({
      id: jobId,
      toolId: tool.id,
      toolName: tool.name,
      status: 'running',
      total: 5,
      done: 0,
      failed: 0,
      invalid: 1,
      cancelled: 0,
      remaining: 4,
      creditsUsed: 0,
      costPerRow: 1,
      columns: BIO_COLUMNS,
      createdAt: expect.any(Date),
      finishedAt: null,
      etaSeconds: null,
    })

    await runtime.queue.runNext()
    const running = await get()
    expect(running).toMatchObject({ status: 'running', done: 1, remaining: 3, creditsUsed: 1 })
    expect(running.etaSeconds).toEqual(expect.any(Number))
    expect(running.etaSeconds).toBeGreaterThanOrEqual(0)

    await runtime.queue.runAll()
    expect(await get()).toMatchObject({ status: 'completed', done: 4, remaining: 0, creditsUsed: 4, etaSeconds: null })
  })

  it('takes the id in any case, and answers a malformed id with a 400 rather than a database error', async () => {
    const ada = await frame.account('ada', 30)
    const runtime = await frame.runtime({ ai: echoingAi })
    const { jobId } = await createBulkJob(runtime.context(ada), {
      toolId: tool.id,
      columns: BIO_COLUMNS,
      rows: bioRows(1),
    })

    expect(await runtime.caller(ada).bulk.get({ jobId: jobId.toUpperCase() })).toMatchObject({ id: jobId })
    await expect(runtime.caller(ada).bulk.get({ jobId: 'job-1' })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(runtime.caller(ada).bulk.get({ jobId: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject(
      { code: 'NOT_FOUND', message: 'Bulk job not found' },
    )
  })
})
