import { beforeAll, describe, expect, it } from 'vitest'

import { refundReservation } from '../credits/reservation/refund-reservation.ts'
import { balanceOf } from '../credits/testing/users-with-credits.ts'
import { createBulkJob } from './create-job.ts'
import { ownJob } from './job-view.ts'
import { BIO_COLUMNS, bioRows, echoingAi } from './testing/bulk-rows-fixtures.ts'
import { useBulkTestFrame } from './testing/bulk-test-frame.ts'
import { heldAiProvider } from './testing/held-ai-provider.ts'

// The queue runs a task at least once: a worker taken for dead may still be running when the task is
// run again. These make the two runs meet at the provider every time, then let them finish in a
// chosen order, and check what the ledger kept.

const frame = useBulkTestFrame()
let toolId: string

beforeAll(async () => {
  toolId = (await frame.tool()).id
})

const db = () => frame.db.prisma

describe('a row run twice', () => {
  it('is delivered and charged once when both runs reach the provider; the other reservation is refunded', async () => {
    const ada = await frame.account('ada', 30)
    const held = heldAiProvider()
    const runtime = await frame.runtime({ ai: held.ai })
    const { jobId } = await createBulkJob(runtime.context(ada), { toolId, columns: BIO_COLUMNS, rows: bioRows(1) })
    const [task] = runtime.queue.added
    if (!task) throw new Error('the job queued no task')

    // The queue's run, and a second run of the same task (what a redelivery does), side by side.
    const runs = [runtime.queue.runNext(), runtime.runRow(task, { attempt: 2, final: false })]
    await held.reached(2)
    expect(await balanceOf(db(), ada.id)).toBe(28)

    // The run that called second answers first: it delivers; then the other one's answer arrives.
    held.calls[1]?.answer('<p>The second run</p>')
    await Promise.race(runs)
    held.calls[0]?.answer('<p>The first run</p>')
    await Promise.all(runs)

    const [row] = await db().bulkRow.findMany({ where: { jobId } })
    expect(row).toMatchObject({ status: 'done', output: '<p>The second run</p>' })
    const generations = await db().generation.findMany({ where: { bulkJobId: jobId } })
    expect(generations.find((generation) => generation.id === row?.generationId)).toMatchObject({
      status: 'succeeded',
      output: '<p>The second run</p>',
    })
    expect(generations.filter((generation) => generation.id !== row?.generationId)).toMatchObject([
      { status: 'failed', output: null, error: 'Delivered by another run' },
    ])
    expect(await balanceOf(db(), ada.id)).toBe(29)
    expect(await ownJob(db(), ada.id, jobId)).toMatchObject({ status: 'completed', done: 1, creditsUsed: 1 })
  })

  it('is delivered once when its task is queued again while it runs', async () => {
    const ada = await frame.account('ada', 30)
    const held = heldAiProvider()
    const runtime = await frame.runtime({ ai: held.ai })
    const { jobId } = await createBulkJob(runtime.context(ada), { toolId, columns: BIO_COLUMNS, rows: bioRows(1) })
    const [task] = runtime.queue.added
    if (!task) throw new Error('the job queued no task')

    const first = runtime.queue.runNext()
    await held.reached(1)
    // The task is running, so no longer waiting: adding it again queues it a second time.
    await runtime.queue.add([task])
    const second = runtime.queue.runNext()
    await held.reached(2)

    held.calls[0]?.answer('<p>The first run</p>')
    await first
    held.calls[1]?.answer('<p>The second run</p>')
    await second

    const rows = await db().bulkRow.findMany({ where: { jobId } })
    expect(rows).toMatchObject([{ status: 'done', output: '<p>The first run</p>' }])
    expect(await db().generation.count({ where: { bulkJobId: jobId, status: 'succeeded' } })).toBe(1)
    expect(await balanceOf(db(), ada.id)).toBe(29)
    expect(await ownJob(db(), ada.id, jobId)).toMatchObject({ done: 1, creditsUsed: 1 })
  })

  it('is run again when the sweeper refunded its reservation before the answer came', async () => {
    const ada = await frame.account('ada', 30)
    const held = heldAiProvider()
    const runtime = await frame.runtime({ ai: held.ai })
    const { jobId } = await createBulkJob(runtime.context(ada), { toolId, columns: BIO_COLUMNS, rows: bioRows(1) })

    const first = runtime.queue.runNext()
    await held.reached(1)
    // What the sweeper does to a reservation it takes for abandoned (its instance's lease lapsed).
    const [reserved] = await db().generation.findMany({ where: { bulkJobId: jobId, status: 'reserved' } })
    await refundReservation(db(), reserved!.id, { error: 'abandoned' })
    held.calls[0]?.answer('<p>Too late</p>')
    await first

    // Not delivered, not charged, and back in the queue for another run.
    expect(await balanceOf(db(), ada.id)).toBe(30)
    expect(runtime.queue.waiting()).toHaveLength(1)
    const second = runtime.queue.runNext()
    await held.reached(2)
    held.calls[1]?.answer('<p>On time</p>')
    await second

    expect(await db().bulkRow.findMany({ where: { jobId } })).toMatchObject([
      { status: 'done', output: '<p>On time</p>' },
    ])
    expect(await balanceOf(db(), ada.id)).toBe(29)
    expect(await ownJob(db(), ada.id, jobId)).toMatchObject({ status: 'completed', done: 1, creditsUsed: 1 })
  })

  it('runs nothing and charges nothing when its task comes again after the row was delivered', async () => {
    const ada = await frame.account('ada', 30)
    const runtime = await frame.runtime({ ai: echoingAi })
    const { jobId } = await createBulkJob(runtime.context(ada), { toolId, columns: BIO_COLUMNS, rows: bioRows(1) })
    await runtime.queue.runAll()
    const [task] = runtime.queue.added
    if (!task) throw new Error('the job queued no task')

    await runtime.queue.add([task])
    expect(await runtime.queue.runAll()).toBe(1)

    expect(await db().generation.count({ where: { bulkJobId: jobId } })).toBe(1)
    expect(await balanceOf(db(), ada.id)).toBe(29)
    expect(await ownJob(db(), ada.id, jobId)).toMatchObject({ status: 'completed', done: 1, creditsUsed: 1 })
  })
})
