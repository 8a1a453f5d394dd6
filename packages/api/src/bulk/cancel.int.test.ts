import { beforeAll, describe, expect, it } from 'vitest'

import { AiProviderError } from '@promptly/ai/errors'

import { balanceOf } from '../credits/testing/users-with-credits.ts'
import { createBulkJob } from './create-job.ts'
import { BIO_COLUMNS, bioRows } from './testing/bulk-rows-fixtures.ts'
import { useBulkTestFrame } from './testing/bulk-test-frame.ts'
import { heldAiProvider } from './testing/held-ai-provider.ts'

const frame = useBulkTestFrame()
let toolId: string

beforeAll(async () => {
  toolId = (await frame.tool()).id
})

describe('bulk.cancel', () => {
  it('drops the rows still to run; the row at the provider finishes and is charged; then the job ends', async () => {
    const ada = await frame.account('ada', 30)
    const held = heldAiProvider()
    const runtime = await frame.runtime({ ai: held.ai, ownerInFlight: 2 })
    const caller = runtime.caller(ada)
    const { jobId } = await createBulkJob(runtime.context(ada), { toolId, columns: BIO_COLUMNS, rows: bioRows(5) })
    const running = runtime.queue.runNext()
    await held.reached(1)

    const cancelled = await caller.bulk.cancel({ jobId })
    expect(cancelled).toMatchObject({ status: 'cancelled', done: 0, cancelled: 3, remaining: 2, finishedAt: null })
    expect(await frame.rowStatuses(jobId)).toEqual(['queued', 'queued', 'cancelled', 'cancelled', 'cancelled'])

    held.calls[0]?.answer('<p>Finished anyway</p>')
    await running
    // The row still in the queue is dropped when a worker reaches it, and nothing else runs.
    expect(await runtime.queue.runAll()).toBe(1)
    expect(held.calls).toHaveLength(1)

    expect(await frame.rowStatuses(jobId)).toEqual(['done', 'cancelled', 'cancelled', 'cancelled', 'cancelled'])
    const job = await caller.bulk.get({ jobId })
    expect(job).toMatchObject({ status: 'cancelled', done: 1, cancelled: 4, remaining: 0, creditsUsed: 1 })
    expect(job.finishedAt).toBeInstanceOf(Date)
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(29)
  })

  it('refunds the row at the provider when it fails, and does not retry it', async () => {
    const ada = await frame.account('ada', 30)
    const held = heldAiProvider()
    const runtime = await frame.runtime({ ai: held.ai, ownerInFlight: 1 })
    const caller = runtime.caller(ada)
    const { jobId } = await createBulkJob(runtime.context(ada), { toolId, columns: BIO_COLUMNS, rows: bioRows(3) })
    const running = runtime.queue.runNext()
    await held.reached(1)

    await caller.bulk.cancel({ jobId })
    held.calls[0]?.fail(new AiProviderError('timeout'))
    await running
    await runtime.queue.runAll()

    expect(held.calls).toHaveLength(1)
    expect(await frame.rowStatuses(jobId)).toEqual(['cancelled', 'cancelled', 'cancelled'])
    const job = await caller.bulk.get({ jobId })
    expect(job).toMatchObject({ status: 'cancelled', done: 0, cancelled: 3, creditsUsed: 0 })
    expect(job.finishedAt).toBeInstanceOf(Date)
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(30)
    expect(await frame.db.prisma.generation.findMany({ where: { bulkJobId: jobId } })).toMatchObject([
      { status: 'failed' },
    ])
  })

  it('refuses to cancel a job twice', async () => {
    const ada = await frame.account('ada', 30)
    const runtime = await frame.runtime({ ai: heldAiProvider().ai })
    const { jobId } = await createBulkJob(runtime.context(ada), { toolId, columns: BIO_COLUMNS, rows: bioRows(1) })
    await runtime.caller(ada).bulk.cancel({ jobId })

    await expect(runtime.caller(ada).bulk.cancel({ jobId })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This job is cancelled and cannot be cancelled',
    })
  })
})
