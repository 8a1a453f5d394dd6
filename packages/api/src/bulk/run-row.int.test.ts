import { beforeAll, describe, expect, it } from 'vitest'

import { AI_ERROR_MESSAGES, AiProviderError } from '@promptly/ai/errors'

import type { SignedInUser } from '../context.ts'
import { expectLedgerMatchesBalance } from '../credits/testing/expect-ledger-matches-balance.ts'
import { balanceOf } from '../credits/testing/users-with-credits.ts'
import { fakeAiProvider } from '../generation/testing/fake-ai-provider.ts'
import { createGeneratorTool } from '../generation/testing/generator-tool.ts'
import { createBulkJob, type NewBulkJob } from './create-job.ts'
import { retryFailedRows } from './job-control.ts'
import { ownJob } from './job-view.ts'
import { resumeFundedJobs } from './resume-funded-jobs.ts'
import { RowRetry } from './row-queue.ts'
import { BIO_COLUMNS, bioRows, echoedBio, echoingAi } from './testing/bulk-rows-fixtures.ts'
import { useBulkTestFrame, type BulkTestRuntime } from './testing/bulk-test-frame.ts'

const frame = useBulkTestFrame()
let tool: { id: string; name: string }

beforeAll(async () => {
  tool = await frame.tool()
})

const db = () => frame.db.prisma

async function startJob(
  runtime: BulkTestRuntime,
  owner: SignedInUser,
  job: Omit<NewBulkJob, 'toolId'> & { toolId?: string },
) {
  return createBulkJob(runtime.context(owner), { toolId: tool.id, ...job })
}

/** The job's rows in input order. */
function rowsOf(jobId: string) {
  return db().bulkRow.findMany({ where: { jobId }, orderBy: { position: 'asc' } })
}

describe('a bulk job run by the row runner', () => {
  it('runs 25 rows to completed, charging each delivered row once, every generation tagged with the job', async () => {
    const ada = await frame.account('ada', 30)
    const runtime = await frame.runtime({ ai: echoingAi })
    const created = await startJob(runtime, ada, { columns: BIO_COLUMNS, rows: bioRows(25) })
    expect(created).toEqual({ jobId: expect.any(String), total: 25, invalid: 0, costPerRow: 1, cost: 25 })

    expect(await runtime.queue.runAll()).toBe(25)

    const job = await ownJob(db(), ada.id, created.jobId)
    expect(job).toMatchObject({ status: 'completed', done: 25, failed: 0, remaining: 0, etaSeconds: null })
    expect(job.finishedAt).toBeInstanceOf(Date)
    expect(job.creditsUsed).toBe(job.done * job.costPerRow)
    expect(await balanceOf(db(), ada.id)).toBe(5)
    await expectLedgerMatchesBalance(db(), ada.id)
    expect(await frame.ledgerOfJob(ada.id, created.jobId)).toEqual({ charged: -25, refunded: 0 })

    const rows = await rowsOf(created.jobId)
    const generations = await db().generation.findMany({ where: { userId: ada.id, toolId: tool.id } })
    expect(generations).toHaveLength(25)
    for (const generation of generations) {
      expect(generation).toMatchObject({ bulkJobId: created.jobId, status: 'succeeded', credits: 1 })
    }
    for (const row of rows) {
      const generation = generations.find((candidate) => candidate.id === row.generationId)
      expect(row).toMatchObject({ status: 'done', output: echoedBio(`Shop ${row.position + 1}`), attempts: 1 })
      expect(generation?.output).toBe(row.output)
    }
  })

  it('refunds and retries a provider failure; the last attempt fails the row; retryFailed delivers it', async () => {
    const ada = await frame.account('ada', 30)
    let providerDown = true
    const ai = fakeAiProvider({
      text: (prompt) => {
        if (providerDown) throw new AiProviderError('unavailable', { details: { status: 503 } })
        return `<p>${prompt.split('\n')[0]}</p>`
      },
    })
    const runtime = await frame.runtime({ ai, maxAttempts: 3 })
    const { jobId } = await startJob(runtime, ada, { columns: BIO_COLUMNS, rows: bioRows(1) })

    await runtime.queue.runNext()
    // The first attempt's credit is back already, and the row waits in the queue for its retry.
    expect(await balanceOf(db(), ada.id)).toBe(30)
    expect(await rowsOf(jobId)).toMatchObject([{ status: 'queued', attempts: 1 }])
    expect(runtime.queue.waiting()).toHaveLength(1)

    await runtime.queue.runAll()
    expect(await rowsOf(jobId)).toMatchObject([
      { status: 'failed', attempts: 3, error: AI_ERROR_MESSAGES.unavailable, output: null },
    ])
    expect(await ownJob(db(), ada.id, jobId)).toMatchObject({ status: 'completed', failed: 1, done: 0, creditsUsed: 0 })
    expect(await balanceOf(db(), ada.id)).toBe(30)
    expect(await frame.ledgerOfJob(ada.id, jobId)).toEqual({ charged: -3, refunded: 3 })
    const attempts = await db().generation.findMany({ where: { bulkJobId: jobId } })
    expect(attempts.map((attempt) => attempt.status)).toEqual(['failed', 'failed', 'failed'])

    providerDown = false
    const retried = await retryFailedRows(runtime.context(ada), jobId)
    expect(retried).toMatchObject({ status: 'running', failed: 0, remaining: 1, finishedAt: null })
    await runtime.queue.runAll()

    expect(await rowsOf(jobId)).toMatchObject([{ status: 'done', error: null, output: echoedBio('Shop 1') }])
    expect(await ownJob(db(), ada.id, jobId)).toMatchObject({ status: 'completed', done: 1, failed: 0, creditsUsed: 1 })
    expect(await balanceOf(db(), ada.id)).toBe(29)
    expect(await frame.ledgerOfJob(ada.id, jobId)).toEqual({ charged: -4, refunded: 3 })
  })

  it('fails a row at once, refunded, when the provider refuses it for good', async () => {
    const ada = await frame.account('ada', 30)
    const ai = fakeAiProvider({
      text: () => {
        throw new AiProviderError('bad_request', { details: { status: 400 } })
      },
    })
    const runtime = await frame.runtime({ ai, maxAttempts: 3 })
    const { jobId } = await startJob(runtime, ada, { columns: BIO_COLUMNS, rows: bioRows(1) })

    expect(await runtime.queue.runAll()).toBe(1)

    expect(await rowsOf(jobId)).toMatchObject([{ status: 'failed', attempts: 1, error: AI_ERROR_MESSAGES.bad_request }])
    expect(await balanceOf(db(), ada.id)).toBe(30)
  })

  it("hands the queue a rate-limited retry that waits as long as the provider's retry-after says", async () => {
    const ada = await frame.account('ada', 30)
    const ai = fakeAiProvider({
      text: () => {
        throw new AiProviderError('rate_limited', { details: { status: 429, retryAfterMs: 7_000 } })
      },
    })
    const runtime = await frame.runtime({ ai, maxAttempts: 3 })
    await startJob(runtime, ada, { columns: BIO_COLUMNS, rows: bioRows(1) })
    const [task] = runtime.queue.added
    if (!task) throw new Error('the job queued no task')

    const thrown = await runtime.runRow(task, { attempt: 1, final: false }).catch((error: unknown) => error)
    expect(thrown).toBeInstanceOf(RowRetry)
    expect(thrown).toMatchObject({ rateLimited: true, delayMs: 7_000 })
    expect(await balanceOf(db(), ada.id)).toBe(30)
  })

  it('waits for credits when the balance runs out mid-job, nothing negative, and finishes after a top-up', async () => {
    const ada = await frame.account('ada', 3)
    const runtime = await frame.runtime({ ai: echoingAi, ownerInFlight: 2 })
    const { jobId } = await startJob(runtime, ada, { columns: BIO_COLUMNS, rows: bioRows(5) })

    await runtime.queue.runAll()

    expect(await ownJob(db(), ada.id, jobId)).toMatchObject({
      status: 'waiting_for_credits',
      done: 3,
      failed: 0,
      remaining: 2,
      creditsUsed: 3,
      finishedAt: null,
    })
    expect((await rowsOf(jobId)).map((row) => row.status)).toEqual(['done', 'done', 'done', 'pending', 'pending'])
    expect(await balanceOf(db(), ada.id)).toBe(0)
    expect(await db().generation.count({ where: { bulkJobId: jobId, status: 'reserved' } })).toBe(0)
    // Nothing to resume while the balance is still short.
    expect(await resumeFundedJobs(db(), runtime.queue, runtime.bulk.ownerInFlight)).toBe(0)

    await frame.topUp(ada.id, 10)
    expect(await resumeFundedJobs(db(), runtime.queue, runtime.bulk.ownerInFlight)).toBe(1)
    await runtime.queue.runAll()

    expect(await ownJob(db(), ada.id, jobId)).toMatchObject({
      status: 'completed',
      done: 5,
      remaining: 0,
      creditsUsed: 5,
    })
    expect(await balanceOf(db(), ada.id)).toBe(8)
    expect(await frame.ledgerOfJob(ada.id, jobId)).toEqual({ charged: -5, refunded: 0 })
  })

  it('fails the rows left, uncharged, when the tool is deleted mid-job; the job keeps its name', async () => {
    const ada = await frame.account('ada', 30)
    const doomed = await createGeneratorTool(db())
    const runtime = await frame.runtime({ ai: echoingAi, ownerInFlight: 1 })
    const { jobId } = await startJob(runtime, ada, { toolId: doomed.id, columns: BIO_COLUMNS, rows: bioRows(3) })

    await runtime.queue.runNext()
    await db().tool.delete({ where: { id: doomed.id } })
    await runtime.queue.runAll()

    expect((await rowsOf(jobId)).map((row) => [row.status, row.error])).toEqual([
      ['done', null],
      ['failed', 'Tool not found'],
      ['failed', 'Tool not found'],
    ])
    expect(await ownJob(db(), ada.id, jobId)).toMatchObject({
      status: 'completed',
      toolId: null,
      toolName: doomed.name,
      done: 1,
      failed: 2,
      creditsUsed: 1,
    })
    expect(await balanceOf(db(), ada.id)).toBe(29)
  })
})
