import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { expect, vi } from 'vitest'

import { parseCsv } from '@promptly/core/bulk/csv'

import type { TestAccount } from '../testing/local-accounts.ts'
import { multipartBody, type MultipartPart } from '../testing/multipart.ts'
import type { TestAppFrame } from '../testing/use-test-app.ts'

/**
 * The bulk routes' tests' calls, as a script makes them: start a job, follow it, download its
 * results; and what the tests read back (a job's state, a refusal, a results CSV).
 */

/** The X (Twitter) Bio Generator of the seeded catalogue: groups [who, topics], [tone, emojis], [call to action]. */
export const BIO_TOOL_ID = '218151ba-48d6-8f2d-9029-77dd78f93fcb'

export type Headers = Record<string, string>

/** `data` of `GET /bulk/:jobId`, as far as the tests read it. */
export interface JobState {
  id: string
  status: string
  total: number
  done: number
  failed: number
  invalid: number
  cancelled: number
  creditsUsed: number
  etaSeconds: number | null
  finishedAt: string | null
}

/** `data` of the 202 that starts a job. */
export interface Created {
  jobId: string
  total: number
  invalid: number
  costPerRow: number
  cost: number
}

/** One row of JSON values for the Bio Generator's form. */
export function bioRow(who: string, topics = 'UX tips and design systems'): unknown[][] {
  return [[who, topics], ['Witty', true], ['']]
}

/** A multipart upload of `csv` for the Bio Generator, as a browser's FormData or curl's -F sends it. */
export function csvUpload(csv: string | Uint8Array, extra: MultipartPart[] = [], fileType = 'text/csv') {
  return multipartBody([
    { name: 'toolId', value: BIO_TOOL_ID },
    ...extra,
    { name: 'file', value: csv, fileName: 'rows.csv', contentType: fileType },
  ])
}

export function createdOf(res: LightMyRequestResponse): Created {
  expect(res.statusCode, res.body).toBe(202)
  return res.json<{ data: Created }>().data
}

/** A refusal's status and envelope, checked to be the legacy error envelope. */
export function errorOf(res: LightMyRequestResponse): { status: number; error: string; code: string } {
  const body = res.json<{ status: string; error: string; code: string }>()
  expect(body.status).toBe('error')
  return { status: res.statusCode, error: body.error, code: body.code }
}

/** The downloaded CSV read back by the upload's own parser: its header and rows. */
export function readResultsCsv(body: string): { header: string[]; rows: string[][] } {
  const parsed = parseCsv(body, { maxRows: 100_000 })
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed
}

/** Every row settled: completed, or cancelled with its last running row settled. */
export const finished = (job: JobState) => job.status === 'completed' || job.finishedAt !== null

/** The calls against one test file's app. */
export function bulkCalls(t: TestAppFrame) {
  const call = (options: InjectOptions) => t.app.inject(options)

  async function jobState(headers: Headers, jobId: string): Promise<JobState> {
    const res = await call({ method: 'GET', url: `/api/v1/bulk/${jobId}`, headers })
    expect(res.statusCode, res.body).toBe(200)
    return res.json<{ data: JobState }>().data
  }

  return {
    call,
    startJob: (headers: Headers, options: Pick<InjectOptions, 'payload' | 'headers'>) =>
      call({ method: 'POST', url: '/api/v1/bulk', ...options, headers: { ...options.headers, ...headers } }),
    jobState,
    /** Polls the job until `settled` holds of it (a state, not a duration: the rows run meanwhile). */
    waitForJob: (headers: Headers, jobId: string, settled: (job: JobState) => boolean): Promise<JobState> =>
      vi.waitFor(
        async () => {
          const job = await jobState(headers, jobId)
          if (!settled(job)) throw new Error(`job ${job.status}: ${JSON.stringify(job)}`)
          return job
        },
        { timeout: 30_000, interval: 20 },
      ),
    results: (headers: Headers, jobId: string, format: 'csv' | 'jsonl') =>
      call({ method: 'GET', url: `/api/v1/bulk/${jobId}/results?format=${format}`, headers }),
    balanceOf: async (account: TestAccount): Promise<number> =>
      (await t.db.prisma.user.findUniqueOrThrow({ where: { id: account.user.id } })).creditBalance,
    jobsOf: (account: TestAccount): Promise<number> =>
      t.db.prisma.bulkJob.count({ where: { userId: account.user.id } }),
  }
}
