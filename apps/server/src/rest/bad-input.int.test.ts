import { describe, expect, it } from 'vitest'

import { useTestApp } from '../testing/use-test-app.ts'

const t = useTestApp()

async function userCount(): Promise<number> {
  return t.db.prisma.user.count()
}

describe('bad input never reaches a handler and never shows a stack', () => {
  it('answers malformed JSON with a 400 JSON error and writes nothing', async () => {
    const before = await userCount()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local/sign-up',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Ada", "email": ',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ status: 'error', code: 'BAD_REQUEST' })
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/)
    expect(await userCount()).toBe(before)
  })

  it('answers wrong types with a 400 that names the field, and writes nothing', async () => {
    const before = await userCount()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local/sign-up',
      payload: { name: 42, email: ['x'], password: true },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().status).toBe('error')
    expect(await userCount()).toBe(before)
  })

  it('refuses an oversized body with 413 before parsing it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local/sign-up',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), email: 'a@b.co', password: 'long enough' }),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({ status: 'error', code: 'PAYLOAD_TOO_LARGE' })
  })

  it.each(['/api/v1/nothing-here', '/api/v2/objects/nope', '/api', '/health/extra'])(
    'answers the unknown API path %s with a JSON 404',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toMatch(/application\/json/)
      expect(res.json()).toMatchObject({ status: 'error', code: 'NOT_FOUND' })
    },
  )

  const trpcInput = (input: unknown) => encodeURIComponent(JSON.stringify({ json: input }))
  const singleLine = 'Category must be a single line of text'
  it.each([
    ['/api/v1/objects/getObjectByLabel/%00', 400, singleLine],
    ['/api/v2/objects/getObjectByLabel/SEO%00Tools', 400, singleLine],
    ['/api/v1/objects/getObjectByLabel/All%20Tools?clerkId=%00', 400, 'A clerkId cannot hold control characters'],
    ['/api/v1/objects/searchObjects/%00', 200, '"message":[]'],
    ['/api/v1/objects/getObject/%00', 400, 'Invalid UUID'],
    [`/trpc/tools.byCategory?input=${trpcInput({ category: '\u0000' })}`, 400, singleLine],
    [`/trpc/tools.search?input=${trpcInput({ text: 'a\u0000b' })}`, 200, '"json":[]'],
  ])(
    'answers NUL in %s, which PostgreSQL refuses in text, before any query: %i, never a 500',
    async (url, status, says) => {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(status)
      expect(res.body).toContain(says)
      expect(res.body).not.toMatch(/"stack"|\.ts:\d+/)
    },
  )

  it('answers an unknown tRPC procedure with a JSON 404 and no stack', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/trpc/nothing.here' })
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(res.body).not.toMatch(/stack|\.ts:\d+/)
  })

  it('answers a tRPC query sent as a mutation with a 4xx and no stack', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/trpc/auth.me', payload: {} })
    expect(res.statusCode).toBeGreaterThanOrEqual(400)
    expect(res.statusCode).toBeLessThan(500)
    expect(res.body).not.toMatch(/"stack"|\.ts:\d+/)
  })
})

describe('service endpoints', () => {
  it('answers /health with 200 {"status":"ok"} once the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok' })
  })

  it('lists the categories in use, All Tools first, in the legacy envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/objects/getCategories' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.status).toBe('OK')
    expect(body.message[0]).toBe('All Tools')
  })

  it('sends the security headers and no CORS headers by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health', headers: { origin: 'https://elsewhere.example' } })
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
  })
})
