import { describe, expect, it } from 'vitest'

import { useTestApp } from '../testing/use-test-app.ts'

const t = useTestApp()

describe('GET /api/auth/avatar/:clerkId.svg', () => {
  it("serves the user's initials as a cached SVG from this server", async () => {
    const account = await t.signUp({ name: 'Ada Lovelace' })
    const res = await t.app.inject({ method: 'GET', url: account.user.imageUrl })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8')
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/)
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'")
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(res.body).toContain('>AL</text>')

    const again = await t.app.inject({
      method: 'GET',
      url: account.user.imageUrl,
      headers: { 'if-none-match': String(res.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
  })

  it('escapes a name like <script>', async () => {
    const account = await t.signUp({ name: '<script>alert(1)</script> "&x' })
    const res = await t.app.inject({ method: 'GET', url: account.user.imageUrl })
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toContain('<script')
    expect(res.body).toContain('>&lt;&quot;</text>')
  })

  it('answers 404 for an unknown id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/avatar/local_nobody.svg' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ status: 'error', code: 'NOT_FOUND' })
  })
})
