import { randomUUID } from 'node:crypto'
import type { InjectOptions } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'

import { startHeldChatAi, type HeldChatAi } from '../testing/held-chat-ai.ts'
import { createTestApiKey } from '../testing/test-api-keys.ts'
import { useTestApp } from '../testing/use-test-app.ts'
import {
  BIO_TOOL_ID,
  bioRow,
  bulkCalls,
  createdOf,
  csvUpload,
  errorOf,
  finished,
  readResultsCsv,
  type JobState,
} from './bulk-test-calls.ts'
import { OPENAPI_JSON_PATH } from './openapi/register-openapi.ts'

/** What the held AI answers each row (held-chat-ai.ts), as the results' plain text. */
const OUTPUT_TEXT = 'Fresh bread, baked every morning.'

/**
 * Bulk runs over REST as a script makes them: a job from JSON rows or from a CSV upload, followed to
 * its end, its results downloaded; a job cancelled while a row runs; who may call. The refusals are
 * in bulk-upload-refusals.int.test.ts, the docs' curl example in bulk-curl-example.int.test.ts.
 */
let ai: HeldChatAi
// Rows answered by the held fake at once, unless a test holds one by a marker in its values. One row
// of an owner's in the queue at a time, so a held row keeps the job's others waiting (cancel test).
const t = useTestApp(async () => {
  ai = await startHeldChatAi()
  return {
    seed: true,
    env: {
      ...ai.env,
      RATE_LIMIT_PER_MINUTE: '100000',
      API_KEY_RATE_LIMIT_PER_MINUTE: '100000',
      BULK_OWNER_IN_FLIGHT: '1',
    },
  }
})
afterAll(async () => {
  await ai.server.close()
})
const { call, startJob, jobState, waitForJob, results, balanceOf, jobsOf } = bulkCalls(t)

describe('POST /api/v1/bulk with JSON rows', () => {
  it('starts the job (202), runs every row and charges each delivered row once', async () => {
    const ada = await t.signUp()
    // `generate` alone starts the job and follows it to its results.
    const key = await createTestApiKey(t.app, ada, ['generate'])
    const before = await balanceOf(ada)
    const res = await startJob(key, { payload: { toolId: BIO_TOOL_ID, rows: [bioRow('Baker'), bioRow('Potter')] } })
    const created = createdOf(res)
    expect(created).toMatchObject({ total: 2, invalid: 0, costPerRow: 1, cost: 2 })
    expect(res.json()).toMatchObject({ status: 'OK', message: 'Started: 2 rows to run, 2 credits at most' })
    expect(res.headers.location).toBe(`/api/v1/bulk/${created.jobId}`)

    const job = await waitForJob(key, created.jobId, finished)
    expect(job).toMatchObject({ status: 'completed', total: 2, done: 2, failed: 0, invalid: 0, cancelled: 0 })
    expect(job).toMatchObject({ creditsUsed: 2, etaSeconds: null })
    expect((await results(key, created.jobId, 'jsonl')).statusCode).toBe(200)
    expect(await balanceOf(ada)).toBe(before - 2)
    const charges = await t.db.prisma.creditEntry.findMany({ where: { userId: ada.user.id, amount: { lt: 0 } } })
    expect(charges.map((entry) => entry.amount)).toEqual([-1, -1])
    const rows = await t.db.prisma.bulkRow.findMany({ where: { jobId: created.jobId }, orderBy: { position: 'asc' } })
    expect(new Set(charges.map((entry) => entry.reference))).toEqual(new Set(rows.map((row) => row.generationId)))
  })

  it('keeps a row with a value over its field limit as invalid, runs the rest and charges only them', async () => {
    const ada = await t.signUp()
    const key = await createTestApiKey(t.app, ada)
    const before = await balanceOf(ada)
    const rows = [bioRow('Baker'), bioRow('x'.repeat(10_001)), bioRow('Potter')]
    const res = await startJob(key, { payload: { toolId: BIO_TOOL_ID, rows } })
    const created = createdOf(res)
    expect(created).toMatchObject({ total: 3, invalid: 1, cost: 2 })
    expect(res.json<{ message: string }>().message).toBe(
      'Started: 2 rows to run, 2 credits at most; 1 invalid row will not run (the results say why)',
    )

    const job = await waitForJob(key, created.jobId, finished)
    expect(job).toMatchObject({ status: 'completed', done: 2, invalid: 1, creditsUsed: 2 })
    expect(await balanceOf(ada)).toBe(before - 2)
    const lines = (await results(key, created.jobId, 'jsonl')).body.trim().split('\n')
    const second = JSON.parse(lines[1] ?? '{}') as { row: number; status: string; error: string }
    expect(second).toMatchObject({ row: 2, status: 'invalid', error: 'A field can hold at most 10000 characters' })
  })
})

describe('POST /api/v1/bulk with a CSV upload', () => {
  it('reads columns named like the fields, runs the rows, serves the results as CSV and JSON Lines', async () => {
    const ada = await t.signUp()
    const key = await createTestApiKey(t.app, ada)
    const csv = [
      'Who you are,What you post about,Tone',
      'Product designer at a fintech startup,UX tips and design systems,Witty',
      '',
      '"Pastry chef in Lyon, France","Sourdough, viennoiserie",friendly',
    ].join('\r\n')
    const created = createdOf(await startJob(key, csvUpload(csv)))
    expect(created).toMatchObject({ total: 2, invalid: 0, cost: 2 })
    await waitForJob(key, created.jobId, finished)

    const asCsv = await results(key, created.jobId, 'csv')
    expect(asCsv.statusCode).toBe(200)
    expect(asCsv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(asCsv.headers['content-disposition']).toBe(`attachment; filename="bulk-${created.jobId}.csv"`)
    const table = readResultsCsv(asCsv.body)
    expect(table.header).toEqual(['Who you are', 'What you post about', 'Tone', 'status', 'output', 'error'])
    expect(table.rows).toEqual([
      ['Product designer at a fintech startup', 'UX tips and design systems', 'Witty', 'done', OUTPUT_TEXT, ''],
      ['Pastry chef in Lyon, France', 'Sourdough, viennoiserie', 'friendly', 'done', OUTPUT_TEXT, ''],
    ])

    const asJsonl = await results(key, created.jobId, 'jsonl')
    expect(asJsonl.headers['content-type']).toBe('application/x-ndjson; charset=utf-8')
    expect(asJsonl.headers['content-disposition']).toBe(`attachment; filename="bulk-${created.jobId}.jsonl"`)
    const lines = asJsonl.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown)
    expect(lines).toEqual([
      {
        row: 1,
        status: 'done',
        input: {
          'Who you are': 'Product designer at a fintech startup',
          'What you post about': 'UX tips and design systems',
          Tone: 'Witty',
        },
        output: OUTPUT_TEXT,
        error: null,
      },
      expect.objectContaining({ row: 2, status: 'done', output: OUTPUT_TEXT }),
    ])
  })

  it('takes a mapping of fields to columns when the names do not match, and a session as well as a key', async () => {
    const ada = await t.signUp()
    const csv = 'Tone;Person;Subjects\nBold;Hill runner;Trail shoes\n'
    const mapping = JSON.stringify({ '0.0': 1, '0.1': 2, '1.0': 0 })
    // As text (curl -F 'mapping=...'), and typed application/json (which the multipart reader parses).
    for (const contentType of [undefined, 'application/json']) {
      const part = { name: 'mapping', value: mapping, ...(contentType && { contentType }) }
      const created = createdOf(await startJob(ada.bearer, csvUpload(csv, [part])))
      expect(created).toMatchObject({ total: 1, invalid: 0 })
      await waitForJob(ada.bearer, created.jobId, finished)
      const row = await t.db.prisma.bulkRow.findFirstOrThrow({ where: { jobId: created.jobId } })
      expect(row).toMatchObject({ status: 'done', values: [['Hill runner', 'Trail shoes'], ['Bold', ''], ['']] })
    }
  })

  it('keeps a row over the form’s total length as invalid and runs the rest', async () => {
    const ada = await t.signUp()
    const key = await createTestApiKey(t.app, ada)
    const long = 'y'.repeat(9_000)
    const csv = `Who you are,What you post about,Call to action or link text\nBaker,Bread,\n${long},${long},${long}\n`
    const created = createdOf(await startJob(key, csvUpload(csv)))
    expect(created).toMatchObject({ total: 2, invalid: 1, cost: 1 })
    const job = await waitForJob(key, created.jobId, finished)
    expect(job).toMatchObject({ done: 1, invalid: 1, creditsUsed: 1 })
    const table = readResultsCsv((await results(key, created.jobId, 'csv')).body)
    expect(table.rows.map((cells) => cells.slice(3))).toEqual([
      ['done', OUTPUT_TEXT, ''],
      ['invalid', '', 'All fields together can hold at most 20000 characters'],
    ])
  })
})

describe('POST /api/v1/bulk/:jobId/cancel', () => {
  it('cancels the rows not yet run while one runs; that one finishes and is the only charge', async () => {
    const ada = await t.signUp()
    const key = await createTestApiKey(t.app, ada)
    const before = await balanceOf(ada)
    const marker = `hold-${randomUUID()}`
    const holding = ai.holdNext(marker)
    const rows = [bioRow(`Baker ${marker}`), bioRow('Potter'), bioRow('Weaver')]
    const created = createdOf(await startJob(key, { payload: { toolId: BIO_TOOL_ID, rows } }))
    // The first row's provider call has arrived (its credit reserved); the other two wait their turn.
    const held = await holding

    const res = await call({ method: 'POST', url: `/api/v1/bulk/${created.jobId}/cancel`, headers: key })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ status: 'OK', message: 'Cancelled' })
    expect(res.json<{ data: JobState }>().data).toMatchObject({ status: 'cancelled', done: 0, cancelled: 2 })

    held.release()
    const job = await waitForJob(key, created.jobId, (state) => state.finishedAt !== null)
    expect(job).toMatchObject({ status: 'cancelled', done: 1, cancelled: 2, creditsUsed: 1 })
    expect(await balanceOf(ada)).toBe(before - 1)
    const table = readResultsCsv((await results(key, created.jobId, 'csv')).body)
    expect(table.rows.map((cells) => cells.at(-3))).toEqual(['done', 'cancelled', 'cancelled'])

    const again = await call({ method: 'POST', url: `/api/v1/bulk/${created.jobId}/cancel`, headers: key })
    expect(errorOf(again)).toEqual({
      status: 409,
      code: 'CONFLICT',
      error: 'This job is cancelled and cannot be cancelled',
    })
  })
})

describe('who may call', () => {
  const someJob = randomUUID()
  const calls = (jobId: string): InjectOptions[] => [
    { method: 'POST', url: '/api/v1/bulk', payload: { toolId: BIO_TOOL_ID, rows: [bioRow('Baker')] } },
    { method: 'GET', url: `/api/v1/bulk/${jobId}` },
    { method: 'GET', url: `/api/v1/bulk/${jobId}/results` },
    { method: 'POST', url: `/api/v2/bulk/${jobId}/cancel` },
  ]

  it('refuses every call without credentials (401)', async () => {
    for (const request of calls(someJob)) {
      const res = await call(request)
      expect([request.url, errorOf(res)]).toEqual([
        request.url,
        { status: 401, code: 'UNAUTHORIZED', error: 'Please Signin to continue' },
      ])
    }
  })

  it('refuses starting and cancelling with a read-only key (403 naming the scope), and lets it read', async () => {
    const ada = await t.signUp()
    const reader = await createTestApiKey(t.app, ada, ['read'])
    const writer = await createTestApiKey(t.app, ada, ['generate'])
    const created = createdOf(await startJob(writer, { payload: { toolId: BIO_TOOL_ID, rows: [bioRow('Baker')] } }))
    const jobsBefore = await jobsOf(ada)
    const [start, , , cancel] = calls(created.jobId)
    for (const request of [start, cancel]) {
      const res = await call({ ...request, headers: reader })
      expect(errorOf(res)).toMatchObject({ status: 403, code: 'FORBIDDEN' })
      expect(errorOf(res).error).toContain("'generate' scope")
    }
    expect(await jobsOf(ada)).toBe(jobsBefore)
    expect((await jobState(reader, created.jobId)).id).toBe(created.jobId)
    expect((await results(reader, created.jobId, 'csv')).statusCode).toBe(200)
  })

  it("answers another user's job as not found, by key and by session, and leaves it alone", async () => {
    const ada = await t.signUp()
    const bob = await t.signUp({ name: 'Bob' })
    const adasKey = await createTestApiKey(t.app, ada)
    const marker = `hold-${randomUUID()}`
    const holding = ai.holdNext(marker)
    const payload = { toolId: BIO_TOOL_ID, rows: [bioRow(`Baker ${marker}`), bioRow('Potter')] }
    const created = createdOf(await startJob(adasKey, { payload }))
    const held = await holding
    for (const headers of [await createTestApiKey(t.app, bob), bob.bearer]) {
      for (const request of calls(created.jobId).slice(1)) {
        const res = await call({ ...request, headers })
        expect([request.url, errorOf(res)]).toEqual([
          request.url,
          { status: 404, code: 'NOT_FOUND', error: 'Bulk job not found' },
        ])
      }
    }
    expect((await jobState(adasKey, created.jobId)).status).toBe('running')
    held.release()
    await waitForJob(adasKey, created.jobId, finished)
  })
})

describe('the OpenAPI document', () => {
  it('describes the four calls: both bodies of the start, the results as files, the scopes each needs', async () => {
    const document = (await call({ method: 'GET', url: OPENAPI_JSON_PATH })).json<{
      paths: Record<string, Record<string, Operation>>
    }>()
    const start = document.paths['/api/v1/bulk']?.post
    expect(Object.keys(start?.requestBody?.content ?? {}).sort()).toEqual(['application/json', 'multipart/form-data'])
    expect(Object.keys(start?.responses ?? {})).toContain('202')
    expect(start?.security).toEqual([{ session: [] }, { apiKey: ['generate'] }])
    const download = document.paths['/api/v1/bulk/{jobId}/results']?.get
    expect(Object.keys(download?.responses?.['200']?.content ?? {}).sort()).toEqual([
      'application/x-ndjson',
      'text/csv',
    ])
    // Alternatives: a key with either scope may follow a job.
    const followed = [{ session: [] }, { apiKey: ['read'] }, { apiKey: ['generate'] }]
    expect(download?.security).toEqual(followed)
    expect(document.paths['/api/v2/bulk/{jobId}']?.get?.security).toEqual(followed)
    expect(document.paths['/api/v2/bulk/{jobId}/cancel']?.post?.security).toEqual([
      { session: [] },
      { apiKey: ['generate'] },
    ])
  })
})

interface Operation {
  requestBody?: { content: Record<string, unknown> }
  responses?: Record<string, { content?: Record<string, unknown> }>
  security?: unknown
}
