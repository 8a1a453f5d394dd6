import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import type { LightMyRequestResponse } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'

import { BULK_JSON_BODY_BYTES } from '../rest/bulk-upload-limits.ts'
import type { TestAccount } from '../testing/local-accounts.ts'
import { useTestApp } from '../testing/use-test-app.ts'

/** The app's limit for every other body (app.ts createServer). */
const APP_BODY_LIMIT = 1024 * 1024

const t = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } })
let ada: TestAccount

beforeAll(async () => {
  ada = await t.signUp()
})

/** A JSON text of exactly `bytes` bytes: `before`, then as many x as it takes, then `after`. */
function jsonOfSize(bytes: number, before: string, after: string): string {
  return `${before}${'x'.repeat(bytes - before.length - after.length)}${after}`
}

/** `bulk.create` or `bulk.preview`'s input (superjson's `{ json }`) with a CSV text padded to `bytes`. */
function bulkBody(procedure: string, bytes: number): string {
  const toolId = randomUUID()
  if (procedure === 'bulk.preview') return jsonOfSize(bytes, `{"json":{"toolId":"${toolId}","csv":"`, '"}}')
  return jsonOfSize(bytes, `{"json":{"toolId":"${toolId}","source":{"kind":"csv","mapping":{},"csv":"`, '"}}}')
}

/** `apiKeys.create`'s input with a name padded to `bytes`: any procedure but the two bulk uploads. */
function otherBody(bytes: number): string {
  return jsonOfSize(bytes, '{"json":{"name":"', '"}}')
}

async function post(path: string, body: string, chunked = false): Promise<LightMyRequestResponse> {
  const payload = chunked ? Readable.from([Buffer.from(body)]) : body
  return t.app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { ...ada.bearer, 'content-type': 'application/json' },
    payload,
  })
}

/** Read whole and handed to the procedure, whose input check refused it (a 400 with its own words). */
function expectReadBy(res: LightMyRequestResponse, words: string): void {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(400)
  expect(res.body).toContain(words)
}

function expectTooLarge(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(413)
  expect(res.json()).toMatchObject({ status: 'error', code: 'PAYLOAD_TOO_LARGE' })
}

describe("tRPC's body limits", () => {
  it.each(['bulk.create', 'bulk.preview'])(
    '%s reads a body of exactly the bulk limit, and no byte more',
    async (path) => {
      expect(APP_BODY_LIMIT * 10).toBeLessThan(BULK_JSON_BODY_BYTES)
      expectReadBy(await post(path, bulkBody(path, BULK_JSON_BODY_BYTES)), 'at most 5 million characters')
      expectTooLarge(await post(path, bulkBody(path, BULK_JSON_BODY_BYTES + 1)))
    },
  )

  it('holds every other procedure to the app’s 1 MB, however the body is sent', async () => {
    const words = 'A key name has at most 60 characters'
    expectReadBy(await post('apiKeys.create', otherBody(APP_BODY_LIMIT)), words)
    expectTooLarge(await post('apiKeys.create', otherBody(APP_BODY_LIMIT + 1)))
    // Chunked, the body declares no length: it is counted as it arrives.
    expectReadBy(await post('apiKeys.create', otherBody(APP_BODY_LIMIT), true), words)
    expectTooLarge(await post('apiKeys.create', otherBody(APP_BODY_LIMIT + 1), true))
  })

  it('gives a batch the bulk limit only when every call in it is a bulk upload', async () => {
    const create = bulkBody('bulk.create', 3 * APP_BODY_LIMIT).replace(/^\{"json"/, '"0":{"json"')
    const preview = bulkBody('bulk.preview', 100).replace(/^\{"json"/, '"1":{"json"')
    const bulkOnly = await post('bulk.create,bulk.preview?batch=1', `{${create},${preview}}`)
    expect(bulkOnly.statusCode).not.toBe(413)
    expect(bulkOnly.statusCode).toBeLessThan(500)
    const mixed = await post('bulk.create,apiKeys.create?batch=1', `{${create},"1":{"json":{"name":"Mixed"}}}`)
    expectTooLarge(mixed)
  })
})
