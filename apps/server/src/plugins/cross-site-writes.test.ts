import { describe, expect, it } from 'vitest'

import type { TestAccount } from '../testing/local-accounts.ts'
import { createTestApiKey } from '../testing/test-api-keys.ts'
import { useTestApp } from '../testing/use-test-app.ts'
import { CROSS_SITE_REFUSAL } from './cross-site-writes.ts'

// One partner origin is listed, for the test that it is let through; every other origin stays refused.
const t = useTestApp({ env: { CORS_ORIGINS: 'https://partner.example' } })

/** Spends a credit the way the original client reported usage: POST, no body, the session cookie. */
function decrease(account: TestAccount, headers: Record<string, string>, payload?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/limits/decrease?clerkId=${account.user.clerkId}`,
    cookies: account.cookies,
    headers,
    ...(payload !== undefined && { payload }),
  })
}

async function creditsOf(account: TestAccount): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/limits', cookies: account.cookies })
  return res.json().data.current_limit
}

describe('a cookie-authenticated write from another site', () => {
  it.each([
    ['a form post from another site', { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' }, 'a=1'],
    ['a text/plain body', { origin: 'http://evil.example', 'content-type': 'text/plain' }, '{"x":1}'],
    ['no body, from another port of the same host', { origin: 'http://localhost:4999', 'sec-fetch-site': 'same-site' }],
    ['a browser that says cross-site and names no origin', { 'sec-fetch-site': 'cross-site' }],
    ['an opaque origin (a sandboxed frame)', { origin: 'null' }],
  ] as const)('is refused, and spends nothing: %s', async (_, headers, payload?: string) => {
    const ada = await t.signUp()
    const res = await decrease(ada, { ...headers }, payload)
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ status: 'error', code: 'FORBIDDEN', error: CROSS_SITE_REFUSAL })
    expect(await creditsOf(ada)).toBe(30)
  })

  it('is refused on tRPC and on the sign-in routes too', async () => {
    const ada = await t.signUp()
    const evil = { origin: 'http://evil.example', 'content-type': 'text/plain' }
    const toggle = await t.app.inject({
      method: 'POST',
      url: '/trpc/bookmarks.toggle',
      cookies: ada.cookies,
      headers: evil,
      payload: JSON.stringify({ json: { toolId: crypto.randomUUID() } }),
    })
    expect(toggle.statusCode).toBe(403)
    // Signing a victim's browser into the attacker's account is a forgery too.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local/sign-in',
      headers: { origin: 'http://evil.example' },
      payload: { email: ada.email, password: ada.password },
    })
    expect(signIn.statusCode).toBe(403)
    expect(signIn.cookies).toEqual([])
  })
})

describe('a write the portal itself, or a script, makes', () => {
  it.each([
    ['from APP_URL', { origin: 'http://localhost:3000' }],
    [
      'from the page the browser calls same-origin',
      { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:3000' },
    ],
    ['from the origin the request was sent to', { host: '127.0.0.1:3210', origin: 'http://127.0.0.1:3210' }],
    ['from a client that is not a browser (no Origin, no Sec-Fetch-Site)', {}],
  ] as const)('goes through %s', async (_, headers) => {
    const ada = await t.signUp()
    const res = await decrease(ada, { ...headers })
    expect(res.statusCode, res.body).toBe(200)
    expect(await creditsOf(ada)).toBe(29)
  })

  it('goes through with an API key, whatever page it came from', async () => {
    const ada = await t.signUp()
    const key = await createTestApiKey(t.app, ada)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/limits/decrease',
      headers: { ...key, origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(await creditsOf(ada)).toBe(29)
  })

  it('goes through from an origin CORS_ORIGINS lists, and from no other', async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local/sign-up',
      headers: { origin: 'https://partner.example', 'sec-fetch-site': 'cross-site' },
      payload: { name: 'Partner', email: 'p@example.test', password: 'correct horse battery staple' },
    })
    expect(signUp.statusCode).toBe(202)
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local/sign-out',
      headers: { origin: 'https://partner.example.evil.example' },
    })
    expect(refused.statusCode).toBe(403)
  })
})
