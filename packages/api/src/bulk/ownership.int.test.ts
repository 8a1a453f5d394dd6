import { beforeAll, describe, expect, it } from 'vitest'

import type { SignedInUser } from '../context.ts'
import { createGeneratorTool } from '../generation/testing/generator-tool.ts'
import { createBulkJob } from './create-job.ts'
import { BIO_COLUMNS, bioRows, echoingAi } from './testing/bulk-rows-fixtures.ts'
import { useBulkTestFrame, type BulkTestRuntime } from './testing/bulk-test-frame.ts'

// Every bulk procedure is its owner's alone: another user hears of a job as if it did not exist
// (its id says nothing), and a signed-out caller is turned away before anything is read.

const frame = useBulkTestFrame()
let ada: SignedInUser
let bob: SignedInUser
let runtime: BulkTestRuntime
let jobId: string
let adasOwnTool: string

beforeAll(async () => {
  ada = await frame.account('ada', 30)
  bob = await frame.account('bob', 30)
  runtime = await frame.runtime({ ai: echoingAi, ownerInFlight: 1 })
  const tool = await frame.tool()
  adasOwnTool = (await createGeneratorTool(frame.db.prisma, { ownerId: ada.id, published: false })).id
  jobId = (await createBulkJob(runtime.context(ada), { toolId: tool.id, columns: BIO_COLUMNS, rows: bioRows(2) })).jobId
  await runtime.queue.runNext()
})

type Caller = ReturnType<BulkTestRuntime['caller']>

/** Each procedure called about Ada's job (or, for preview and create, her personal tool). */
const CALLS: Record<string, (caller: Caller) => Promise<unknown>> = {
  preview: (caller) => caller.bulk.preview({ toolId: adasOwnTool, csv: 'Business name\nGreen Leaf\n' }),
  create: (caller) => caller.bulk.create({ toolId: adasOwnTool, source: { kind: 'rows', rows: [[['Green Leaf']]] } }),
  get: (caller) => caller.bulk.get({ jobId }),
  rows: (caller) => caller.bulk.rows({ jobId }),
  pause: (caller) => caller.bulk.pause({ jobId }),
  resume: (caller) => caller.bulk.resume({ jobId }),
  cancel: (caller) => caller.bulk.cancel({ jobId }),
  retryFailed: (caller) => caller.bulk.retryFailed({ jobId }),
  runAgain: (caller) => caller.bulk.runAgain({ jobId }),
}

describe('the bulk procedures', () => {
  it.each(Object.entries(CALLS))('%s answers NOT_FOUND to another user', async (_, call) => {
    await expect(call(runtime.caller(bob))).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })

  it.each([...Object.entries(CALLS), ['list', (caller: Caller) => caller.bulk.list()] as const])(
    '%s answers UNAUTHORIZED when signed out',
    async (_, call) => {
      await expect(call(runtime.caller(null))).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    },
  )

  it('leave the owner’s job as it was, and list none of it to anyone else', async () => {
    expect((await runtime.caller(bob).bulk.list()).jobs).toEqual([])
    expect(await runtime.caller(ada).bulk.get({ jobId })).toMatchObject({ status: 'running', done: 1, remaining: 1 })
    expect(await frame.db.prisma.bulkJob.count({ where: { userId: bob.id } })).toBe(0)
  })
})
