import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { openDatabase, type Database, type Prisma } from '@promptly/db/client'

import type { SignedInUser } from '../context.ts'
import { refundReservation, refundWithin } from '../credits/reservation/refund-reservation.ts'
import { reserveCredits } from '../credits/reservation/reserve-credits.ts'
import { balanceOf } from '../credits/testing/users-with-credits.ts'
import { createBulkJob } from './create-job.ts'
import { ownJob } from './job-view.ts'
import { deliverRow, finishSettledJobs } from './row-settlement.ts'
import { BIO_COLUMNS, bioRows, echoingAi } from './testing/bulk-rows-fixtures.ts'
import { useBulkTestFrame } from './testing/bulk-test-frame.ts'
import { heldAiProvider } from './testing/held-ai-provider.ts'
import { lockWaiters } from './testing/lock-waiters.ts'

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

// Two runs of one row delivering at the same instant, and a delivery meeting the sweeper's refund,
// forced rather than hoped for: another connection holds the row (or the reservation) while the
// statements queue up behind it, then lets go. PGlite has one connection, so PostgreSQL only.
describe.runIf(process.env.TEST_DB === 'postgres')('a delivery racing another', () => {
  let other: Database

  beforeAll(async () => {
    other = await openDatabase({ url: frame.db.url! })
  })
  afterAll(() => other?.close())

  /** A queued row of a new job of `owner`, with `count` reservations for it (as `count` runs make). */
  async function rowWithReservations(owner: SignedInUser, count: number) {
    const runtime = await frame.runtime({ ai: echoingAi })
    const { jobId } = await createBulkJob(runtime.context(owner), { toolId, columns: BIO_COLUMNS, rows: bioRows(1) })
    const row = await db().bulkRow.findFirstOrThrow({ where: { jobId } })
    const generationIds = Array.from({ length: count }, () => randomUUID())
    for (const generationId of generationIds) {
      await reserveCredits(db(), {
        userId: owner.id,
        amount: 1,
        generationId,
        generation: { kind: 'generic', toolId, input: {}, provider: 'local', bulkJobId: jobId },
      })
    }
    return { jobId, rowId: row.id, generationIds }
  }

  /** Holds `lock` (a locking statement) in a transaction on the other connection until released. */
  async function holding(lock: (tx: Prisma.TransactionClient) => Promise<unknown>) {
    let release!: (then?: (tx: Prisma.TransactionClient) => Promise<unknown>) => void
    const released = new Promise<((tx: Prisma.TransactionClient) => Promise<unknown>) | undefined>(
      (resolve) => (release = resolve),
    )
    let locked!: () => void
    const lockTaken = new Promise<void>((resolve) => (locked = resolve))
    const holder = other.prisma.$transaction(
      async (tx) => {
        await lock(tx)
        locked()
        await (
          await released
        )?.(tx)
      },
      { timeout: 30_000 },
    )
    await lockTaken
    return { release, holder }
  }

  it('lets one of two simultaneous deliveries through; the other finds the row settled', async () => {
    const ada = await frame.account('ada', 30)
    const { jobId, rowId, generationIds } = await rowWithReservations(ada, 2)
    const { release, holder } = await holding(
      (tx) => tx.$queryRaw`SELECT 1 FROM bulk_rows WHERE id = ${rowId}::uuid FOR UPDATE`,
    )

    const deliveries = generationIds.map((generationId, index) =>
      deliverRow(db(), { rowId, jobId, generationId, output: `<p>Run ${index}</p>`, latencyMs: 5, cost: 1 }),
    )
    await lockWaiters(other, 2)
    release()
    await holder

    expect((await Promise.all(deliveries)).sort()).toEqual(['delivered', 'row_settled'])
    const generations = await db().generation.findMany({ where: { id: { in: generationIds } } })
    expect(generations.map((generation) => generation.status).sort()).toEqual(['reserved', 'succeeded'])
    const delivered = generations.find((generation) => generation.status === 'succeeded')
    expect(await db().bulkRow.findUniqueOrThrow({ where: { id: rowId } })).toMatchObject({
      status: 'done',
      generationId: delivered?.id,
      output: delivered?.output,
    })
    expect(await ownJob(db(), ada.id, jobId)).toMatchObject({ status: 'completed', done: 1, creditsUsed: 1 })
    // What the losing run's caller does.
    const lost = generations.find((generation) => generation.status === 'reserved')
    await refundReservation(db(), lost!.id, { error: 'Delivered by another run' })
    expect(await balanceOf(db(), ada.id)).toBe(29)
  })

  it('leaves the row queued when the sweeper refunds the reservation while the delivery waits for it', async () => {
    const ada = await frame.account('ada', 30)
    const { jobId, rowId, generationIds } = await rowWithReservations(ada, 1)
    const [generationId] = generationIds as [string]
    const { release, holder } = await holding(
      (tx) => tx.$queryRaw`SELECT 1 FROM generations WHERE id = ${generationId}::uuid FOR UPDATE`,
    )

    const delivery = deliverRow(db(), { rowId, jobId, generationId, output: '<p>Late</p>', latencyMs: 5, cost: 1 })
    await lockWaiters(other, 1)
    // The sweeper's refund, committed by the holder before the delivery gets the reservation.
    release((tx) => refundWithin(tx, generationId, { error: 'abandoned' }))
    await holder

    expect(await delivery).toBe('reservation_settled')
    expect(await db().bulkRow.findUniqueOrThrow({ where: { id: rowId } })).toMatchObject({
      status: 'queued',
      output: null,
    })
    expect(await ownJob(db(), ada.id, jobId)).toMatchObject({ status: 'running', done: 0, creditsUsed: 0 })
    expect(await balanceOf(db(), ada.id)).toBe(30)
  })
})

describe('finishing settled jobs', () => {
  it('finishes a running job none of whose rows is left to run, and leaves running ones alone', async () => {
    const ada = await frame.account('ada', 30)
    const runtime = await frame.runtime({ ai: echoingAi })
    const settled = await createBulkJob(runtime.context(ada), { toolId, columns: BIO_COLUMNS, rows: bioRows(2) })
    const running = await createBulkJob(runtime.context(ada), { toolId, columns: BIO_COLUMNS, rows: bioRows(2) })
    // Rows settled without their job noticing (what a counter out of step would leave).
    await db().bulkRow.updateMany({ where: { jobId: settled.jobId }, data: { status: 'failed' } })

    expect(await finishSettledJobs(db())).toBe(1)
    expect(await ownJob(db(), ada.id, settled.jobId)).toMatchObject({ status: 'completed' })
    expect(await ownJob(db(), ada.id, running.jobId)).toMatchObject({ status: 'running' })
    await runtime.queue.runAll()
  })
})
