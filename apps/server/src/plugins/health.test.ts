import Fastify from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'

import type { Database } from '@promptly/db/client'

import { registerHealth } from './health.ts'

let app: ReturnType<typeof Fastify> | undefined
afterEach(() => app?.close())

/** A server with /health over a database that answers or not: only `raw.query` is read. */
async function healthOver(query: () => Promise<unknown>) {
  app = Fastify()
  const db = { raw: { query } } as unknown as Database
  registerHealth(app, db, () => Promise.resolve([]), null)
  return app.inject({ method: 'GET', url: '/health' })
}

describe('/health', () => {
  it('answers 503 with the same bytes monitors have always read when the database does not answer', async () => {
    const res = await healthOver(() => Promise.reject(new Error('connection refused')))
    expect(res.statusCode).toBe(503)
    expect(res.body).toBe('{"status":"error","message":"Database unavailable"}')
  })

  it('answers 200 {"status":"ok"} when it does', async () => {
    const res = await healthOver(() => Promise.resolve({ rows: [] }))
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('{"status":"ok"}')
  })
})
