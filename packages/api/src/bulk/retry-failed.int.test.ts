import { beforeAll, describe, expect, it } from 'vitest'

import { AI_ERROR_MESSAGES, AiProviderError } from '@promptly/ai/errors'

import { balanceOf } from '../credits/testing/users-with-credits.ts'
import { fakeAiProvider } from '../generation/testing/fake-ai-provider.ts'
import { createBulkJob } from './create-job.ts'
import { BIO_COLUMNS, bioRows, echoedBio, echoingAi } from './testing/bulk-rows-fixtures.ts'
import { useBulkTestFrame } from './testing/bulk-test-frame.ts'

const frame = useBulkTestFrame()
let toolId: string

beforeAll(async () => {
  toolId = (await frame.tool()).id
})

/** Echoes each row, except the businesses named in `down`, for which the provider is unavailable. */
function failingFor(down: Set<string>) {
  return fakeAiProvider({
    text: (prompt) => {
      const line = prompt.split('\n')[0] ?? ''
      if ([...down].some((business) => line.includes(business))) throw new AiProviderError('unavailable')
      return `<p>${line}</p>`
    },
  })
}

describe('bulk.retryFailed', () => {
  it('runs the failed rows of a finished job again and delivers them, charging only those delivered', async () => {
    const ada = await frame.account('ada', 30)
    const down = new Set(['Shop 2'])
    const runtime = await frame.runtime({ ai: failingFor(down), maxAttempts: 2 })
    const caller = runtime.caller(ada)
    const { jobId } = await createBulkJob(runtime.context(ada), { toolId, columns: BIO_COLUMNS, rows: bioRows(3) })
    await runtime.queue.runAll()
    expect(await caller.bulk.get({ jobId })).toMatchObject({ status: 'completed', done: 2, failed: 1 })
    const [failed] = (await caller.bulk.rows({ jobId, status: 'failed' })).rows
    expect(failed).toMatchObject({ position: 1, error: AI_ERROR_MESSAGES.unavailable, output: null })
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(28)

    down.clear()
    const retried = await caller.bulk.retryFailed({ jobId })
    expect(retried).toMatchObject({ status: 'running', failed: 0, remaining: 1, finishedAt: null })
    await runtime.queue.runAll()

    expect(await caller.bulk.get({ jobId })).toMatchObject({ status: 'completed', done: 3, failed: 0, creditsUsed: 3 })
    expect((await caller.bulk.rows({ jobId })).rows[1]).toMatchObject({ status: 'done', output: echoedBio('Shop 2') })
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(27)
  })

  it('refuses a job with no failed rows, and a cancelled one', async () => {
    const ada = await frame.account('ada', 30)
    const runtime = await frame.runtime({ ai: echoingAi })
    const caller = runtime.caller(ada)
    const done = await createBulkJob(runtime.context(ada), { toolId, columns: BIO_COLUMNS, rows: bioRows(1) })
    await runtime.queue.runAll()
    const stopped = await createBulkJob(runtime.context(ada), { toolId, columns: BIO_COLUMNS, rows: bioRows(1) })
    await caller.bulk.cancel({ jobId: stopped.jobId })

    await expect(caller.bulk.retryFailed({ jobId: done.jobId })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This job has no failed rows',
    })
    await expect(caller.bulk.retryFailed({ jobId: stopped.jobId })).rejects.toMatchObject({ code: 'CONFLICT' })
  })
})
