import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { openDatabase, type Database } from '@promptly/db/client'

import { createBulkJob } from './create-job.ts'
import { feedIdleOwners, feedOwner, requeueStrandedRows } from './feed-rows.ts'
import { cancelJob } from './job-control.ts'
import { ownJob } from './job-view.ts'
import { BIO_COLUMNS, bioRows, echoingAi } from './testing/bulk-rows-fixtures.ts'
import { useBulkTestFrame } from './testing/bulk-test-frame.ts'
import { lockWaiters } from './testing/lock-waiters.ts'

const frame = useBulkTestFrame()
let toolId: string

beforeAll(async () => {
  toolId = (await frame.tool()).id
})

const db = () => frame.db.prisma

describe('feeding owners’ rows to the queue', () => {
  it('runs a newcomer’s 5 rows before the 20th row of a 200-row job made earlier', async () => {
    const ada = await frame.account('ada', 30)
    const bob = await frame.account('bob', 30)
    const runtime = await frame.runtime({ ai: echoingAi, ownerInFlight: 4 })
    const big = await createBulkJob(runtime.context(ada), { toolId, columns: BIO_COLUMNS, rows: bioRows(200, 'Ada') })
    const small = await createBulkJob(runtime.context(bob), { toolId, columns: BIO_COLUMNS, rows: bioRows(5, 'Bob') })
    const rowJob = new Map(
      (await db().bulkRow.findMany({ select: { id: true, jobId: true } })).map((row) => [row.id, row.jobId]),
    )

    // Ada's rows in the queue never outnumber the cap: Bob's first row waits behind 4 of hers, no more.
    expect(runtime.queue.waiting().map((rowId) => rowJob.get(rowId))).toEqual([
      ...Array<string>(4).fill(big.jobId),
      ...Array<string>(4).fill(small.jobId),
    ])

    const ran: string[] = []
    while ((await ownJob(db(), bob.id, small.jobId)).status !== 'completed') {
      const next = runtime.queue.waiting()[0]
      if (!next || !(await runtime.queue.runNext())) throw new Error('the queue ran dry before Bob’s job completed')
      ran.push(rowJob.get(next) ?? 'unknown')
    }

    const adaDone = (await ownJob(db(), ada.id, big.jobId)).done
    expect(adaDone).toBeLessThan(20)
    expect(ran.filter((jobId) => jobId === small.jobId)).toHaveLength(5)
    expect(ran.indexOf(small.jobId)).toBe(4)
    // Ada's job goes on meanwhile: it never stopped for Bob's.
    expect(adaDone).toBeGreaterThanOrEqual(4)
    await cancelJob(runtime.context(ada), big.jobId)
  })

  it('puts back rows marked queued that no queue holds, and only those of running jobs', async () => {
    const ada = await frame.account('ada', 30)
    // The instance that marked these rows went down with its in-process queue.
    const lost = await frame.runtime({ ai: echoingAi, ownerInFlight: 2 })
    const { jobId } = await createBulkJob(lost.context(ada), { toolId, columns: BIO_COLUMNS, rows: bioRows(3) })
    await lost.queue.close()

    const restarted = await frame.runtime({ ai: echoingAi, ownerInFlight: 2 })
    expect(await requeueStrandedRows(db(), restarted.queue, 0)).toBe(2)
    await restarted.queue.runAll()

    expect(await ownJob(db(), ada.id, jobId)).toMatchObject({ status: 'completed', done: 3 })
    expect(await requeueStrandedRows(db(), restarted.queue, 0)).toBe(0)
  })

  it('feeds an owner left with rows to run and none queued, and leaves fed owners alone', async () => {
    const ada = await frame.account('ada', 30)
    const bob = await frame.account('bob', 30)
    const runtime = await frame.runtime({ ai: echoingAi, ownerInFlight: 2 })
    const idle = await createBulkJob(runtime.context(ada), { toolId, columns: BIO_COLUMNS, rows: bioRows(3) })
    const fed = await createBulkJob(runtime.context(bob), { toolId, columns: BIO_COLUMNS, rows: bioRows(3) })
    // As if every feed after Ada's rows settled had given up: her rows are back to pending, none queued.
    await db().bulkRow.updateMany({ where: { jobId: idle.jobId }, data: { status: 'pending' } })
    const addedBefore = runtime.queue.added.length

    expect(await feedIdleOwners(db(), runtime.queue, 2)).toBe(2)
    expect(runtime.queue.added.slice(addedBefore).map((task) => task.jobId)).toEqual([idle.jobId, idle.jobId])
    expect(await frame.rowStatuses(idle.jobId)).toEqual(['queued', 'queued', 'pending'])
    expect(await frame.rowStatuses(fed.jobId)).toEqual(['queued', 'queued', 'pending'])
    await cancelJob(runtime.context(ada), idle.jobId)
    await cancelJob(runtime.context(bob), fed.jobId)
  })
})

// Two feeds of one owner at once, forced: another connection holds the owner's lock and queues rows
// (what a feed on another instance does) while this feed waits for the lock; the waiting feed then
// counts them and fills only the room left. PGlite has one connection, so PostgreSQL only.
describe.runIf(process.env.TEST_DB === 'postgres')('feeding while another feed holds the owner', () => {
  let other: Database

  beforeAll(async () => {
    other = await openDatabase({ url: frame.db.url! })
  })
  afterAll(() => other?.close())

  it('waits for the other feed, then queues only the room it left', async () => {
    const ada = await frame.account('ada', 30)
    const runtime = await frame.runtime({ ai: echoingAi, ownerInFlight: 3 })
    const { jobId } = await createBulkJob(runtime.context(ada), { toolId, columns: BIO_COLUMNS, rows: bioRows(6) })
    await db().bulkRow.updateMany({ where: { jobId }, data: { status: 'pending' } })

    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    let locked!: () => void
    const lockTaken = new Promise<void>((resolve) => (locked = resolve))
    const holder = other.prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('promptly:bulk-owner'), hashtext(${ada.id}))`
        await tx.bulkRow.updateMany({ where: { jobId, position: { in: [0, 1] } }, data: { status: 'queued' } })
        locked()
        await released
      },
      { timeout: 30_000 },
    )
    await lockTaken
    const feeding = feedOwner(db(), runtime.queue, ada.id, 3)
    try {
      await lockWaiters(other, 1)
    } finally {
      release()
      await holder
    }

    expect(await feeding).toBe(1)
    expect(await frame.rowStatuses(jobId)).toEqual(['queued', 'queued', 'queued', 'pending', 'pending', 'pending'])
    await cancelJob(runtime.context(ada), jobId)
  })
})
