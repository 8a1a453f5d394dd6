import { beforeAll, describe, expect, it } from 'vitest'

import { createBulkJob } from './create-job.ts'
import { requeueStrandedRows } from './feed-rows.ts'
import { cancelJob } from './job-control.ts'
import { ownJob } from './job-view.ts'
import { BIO_COLUMNS, bioRows, echoingAi } from './testing/bulk-rows-fixtures.ts'
import { useBulkTestFrame } from './testing/bulk-test-frame.ts'

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
})
