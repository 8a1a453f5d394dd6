import { randomUUID } from 'node:crypto'
import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'

import { multipartBody } from '../testing/multipart.ts'
import { createTestApiKey } from '../testing/test-api-keys.ts'
import { useTestApp } from '../testing/use-test-app.ts'
import { CSV_UPLOAD_MESSAGES } from './bulk-csv-upload.ts'
import { BIO_TOOL_ID, bioRow, bulkCalls, csvUpload, errorOf } from './bulk-test-calls.ts'
import { BULK_JSON_BODY_BYTES, BULK_UPLOAD_FILE_BYTES, BULK_UPLOAD_MESSAGES } from './bulk-upload-limits.ts'

/**
 * `POST /api/v1/bulk` refusing what it cannot run, each with its reason: never a job made, never a
 * credit taken. No row runs in this file, so the app needs no AI.
 */
const t = useTestApp({ seed: true, env: { RATE_LIMIT_PER_MINUTE: '100000', API_KEY_RATE_LIMIT_PER_MINUTE: '100000' } })
const { startJob, balanceOf, jobsOf } = bulkCalls(t)

describe('refused uploads', () => {
  it('answers each with its reason, and neither makes a job nor charges anything', async () => {
    const ada = await t.signUp()
    const key = await createTestApiKey(t.app, ada)
    const before = await balanceOf(ada)
    const refusal = async (options: Pick<InjectOptions, 'payload' | 'headers'>) => errorOf(await startJob(key, options))
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')

    expect(await refusal(csvUpload(png, [], 'image/png'))).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      error: CSV_UPLOAD_MESSAGES.notCsv('image/png'),
    })
    expect(await refusal(csvUpload(png, [], 'application/octet-stream'))).toMatchObject({
      status: 400,
      error: CSV_UPLOAD_MESSAGES.notUtf8,
    })
    expect((await refusal(csvUpload('Who you are\u0000,Tone\nBaker,Witty\n'))).error).toMatch(
      /^Line 1 holds a control character .*not a CSV text file/,
    )
    expect(await refusal(csvUpload('Who you are,Tone\nBaker,Witty\n'))).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      error: "The required field 'What you post about' has no column",
    })
    const tooManyRows = ['Who you are,What you post about', ...Array.from({ length: 10_001 }, (_, i) => `P${i},T`)]
    expect(await refusal(csvUpload(tooManyRows.join('\n')))).toMatchObject({
      status: 400,
      error: 'A bulk run takes at most 10000 rows; this file has 10001',
    })
    const rows = Array.from({ length: 10_001 }, () => bioRow('Baker'))
    expect(await refusal({ payload: { toolId: BIO_TOOL_ID, rows } })).toMatchObject({
      status: 400,
      error: 'A bulk run takes at most 10000 rows; this one has 10001',
    })
    expect(await refusal({ payload: { toolId: BIO_TOOL_ID, rows: [[['Baker', 42]]] } })).toMatchObject({
      status: 400,
      error: expect.stringMatching(/^rows\.0\.0\.1: /),
    })
    expect(await refusal(multipartBody([{ name: 'toolId', value: BIO_TOOL_ID }]))).toMatchObject({
      status: 400,
      error: CSV_UPLOAD_MESSAGES.noFile,
    })
    const twoFiles = csvUpload('Who,What\nBaker,Bread\n', [
      { name: 'file', value: 'Who,What\nPotter,Clay\n', fileName: 'more.csv', contentType: 'text/csv' },
    ])
    expect(await refusal(twoFiles)).toMatchObject({ status: 400, error: CSV_UPLOAD_MESSAGES.oneFileOnly })
    const noBoundary = { payload: 'toolId=x', headers: { 'content-type': 'multipart/form-data' } }
    expect(await refusal(noBoundary)).toMatchObject({ status: 400, error: CSV_UPLOAD_MESSAGES.unreadable })
    const badMapping = csvUpload('Who,What\nBaker,Bread\n', [{ name: 'mapping', value: '{"0.0": 0,' }])
    expect((await refusal(badMapping)).error).toMatch(/^mapping: Not valid JSON/)
    const unknownTool = multipartBody([
      { name: 'toolId', value: randomUUID() },
      { name: 'file', value: 'Who,What\nBaker,Bread\n', fileName: 'rows.csv', contentType: 'text/csv' },
    ])
    expect(await refusal(unknownTool)).toMatchObject({ status: 404, error: 'Tool not found' })

    expect(await jobsOf(ada)).toBe(0)
    expect(await balanceOf(ada)).toBe(before)
  })

  it('answers a CSV file over 5 MB with a 413 that says the limit, and reads one of exactly 5 MB', async () => {
    const ada = await t.signUp()
    const key = await createTestApiKey(t.app, ada)
    const header = 'Who you are,What you post about\n'
    const exactly = header + 'z'.repeat(BULK_UPLOAD_FILE_BYTES - header.length)
    // Read whole: refused by the parser for its one long cell, not for its size.
    expect(await errorOf(await startJob(key, csvUpload(exactly)))).toMatchObject({
      status: 400,
      error: expect.stringMatching(/^Line 2: the cell in column "Who you are" has/),
    })
    const tooLarge = { status: 413, code: 'PAYLOAD_TOO_LARGE', error: BULK_UPLOAD_MESSAGES.fileTooLarge }
    // One byte over: the multipart reader stops at the limit.
    expect(errorOf(await startJob(key, csvUpload(`${exactly}z`)))).toEqual(tooLarge)
    // Far over: refused by its declared length before a byte of it is read.
    const far = await startJob(key, csvUpload(Buffer.alloc(BULK_UPLOAD_FILE_BYTES * 2, 'z')))
    expect(errorOf(far)).toEqual(tooLarge)
    expect(far.headers.connection).toBe('close')
    expect(await jobsOf(ada)).toBe(0)
  })

  it('answers a JSON body over its limit with a 413 saying the limit, and reads one of exactly the limit', async () => {
    const ada = await t.signUp()
    const key = await createTestApiKey(t.app, ada)
    const frame = JSON.stringify({ toolId: BIO_TOOL_ID, rows: [], padding: '' })
    const exactly = frame.replace('"padding":""', `"padding":"${'p'.repeat(BULK_JSON_BODY_BYTES - frame.length)}"`)
    const json = { 'content-type': 'application/json' }
    expect(Buffer.byteLength(exactly)).toBe(BULK_JSON_BODY_BYTES)
    expect(errorOf(await startJob(key, { payload: exactly, headers: json }))).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      error: 'Add at least one row to run',
    })
    expect(errorOf(await startJob(key, { payload: `${exactly} `, headers: json }))).toEqual({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      error: BULK_UPLOAD_MESSAGES.bodyTooLarge,
    })
    expect(await jobsOf(ada)).toBe(0)
  })
})
