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

describe('bulk.resume', () => {
  it('runs a job that waited for credits once the owner has topped up; too early, it waits again', async () => {
    const ada = await frame.account('ada', 2)
    const runtime = await frame.runtime({ ai: echoingAi, ownerInFlight: 2 })
    const caller = runtime.caller(ada)
    const { jobId } = await createBulkJob(runtime.context(ada), { toolId, columns: BIO_COLUMNS, rows: bioRows(4) })
    await runtime.queue.runAll()
    expect(await caller.bulk.get({ jobId })).toMatchObject({ status: 'waiting_for_credits', done: 2, remaining: 2 })

    // Resumed with the balance still empty: the next row finds it short, and the job waits again.
    expect(await caller.bulk.resume({ jobId })).toMatchObject({ status: 'running' })
    await runtime.queue.runAll()
    expect(await caller.bulk.get({ jobId })).toMatchObject({ status: 'waiting_for_credits', done: 2, remaining: 2 })
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(0)

    await frame.topUp(ada.id, 5)
    expect(await caller.bulk.resume({ jobId })).toMatchObject({ status: 'running' })
    await runtime.queue.runAll()
    expect(await caller.bulk.get({ jobId })).toMatchObject({ status: 'completed', done: 4, creditsUsed: 4 })
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(3)
  })

  it('refuses to resume a job that is running', async () => {
    const ada = await frame.account('ada', 30)
    const runtime = await frame.runtime({ ai: echoingAi })
    const { jobId } = await createBulkJob(runtime.context(ada), { toolId, columns: BIO_COLUMNS, rows: bioRows(1) })

    await expect(runtime.caller(ada).bulk.resume({ jobId })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This job is running and cannot be resumed',
    })
  })
})
