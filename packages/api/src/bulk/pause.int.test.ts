import { beforeAll, describe, expect, it } from 'vitest'

import { balanceOf } from '../credits/testing/users-with-credits.ts'
import { createBulkJob } from './create-job.ts'
import { BIO_COLUMNS, bioRows, echoingAi } from './testing/bulk-rows-fixtures.ts'
import { useBulkTestFrame } from './testing/bulk-test-frame.ts'

const frame = useBulkTestFrame()
let toolId: string

beforeAll(async () => {
  toolId = (await frame.tool()).id
})

describe('bulk.pause', () => {
  it('stops new rows mid-job, putting queued ones back to pending; resume finishes the job', async () => {
    const ada = await frame.account('ada', 30)
    const runtime = await frame.runtime({ ai: echoingAi, ownerInFlight: 2 })
    const caller = runtime.caller(ada)
    const { jobId } = await createBulkJob(runtime.context(ada), { toolId, columns: BIO_COLUMNS, rows: bioRows(6) })
    await runtime.queue.runNext()

    const paused = await caller.bulk.pause({ jobId })
    expect(paused).toMatchObject({ status: 'paused', done: 1, remaining: 5, etaSeconds: null })
    // The workers reach the rows still in the queue: none runs, each goes back to pending.
    expect(await runtime.queue.runAll()).toBe(2)
    expect(await frame.rowStatuses(jobId)).toEqual(['done', 'pending', 'pending', 'pending', 'pending', 'pending'])
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(29)
    expect(await caller.bulk.get({ jobId })).toMatchObject({ status: 'paused', done: 1, creditsUsed: 1 })

    expect(await caller.bulk.resume({ jobId })).toMatchObject({ status: 'running', remaining: 5 })
    await runtime.queue.runAll()
    expect(await caller.bulk.get({ jobId })).toMatchObject({ status: 'completed', done: 6, creditsUsed: 6 })
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(24)
  })

  it('refuses to pause a job that has finished', async () => {
    const ada = await frame.account('ada', 30)
    const runtime = await frame.runtime({ ai: echoingAi })
    const { jobId } = await createBulkJob(runtime.context(ada), { toolId, columns: BIO_COLUMNS, rows: bioRows(1) })
    await runtime.queue.runAll()

    await expect(runtime.caller(ada).bulk.pause({ jobId })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This job is completed and cannot be paused',
    })
  })
})
