import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'

import { REPO_ROOT } from '@promptly/db/repo-paths'

import type { TestAccount } from '../testing/local-accounts.ts'
import { useTestApp, type TestAppFrame } from '../testing/use-test-app.ts'

// The real client build (TEST_WEB_DIST_DIR names a private one) with a server build of the test's
// own: one page with one inline script, carrying the nonce it is given, as the app's pages do.
const WEB_DIST_DIR = path.resolve(REPO_ROOT, process.env.TEST_WEB_DIST_DIR ?? 'apps/web/dist')
const RENDERER = `
export async function renderPage({ nonce }) {
  return {
    kind: 'page',
    status: 200,
    head: '<title>Kept</title>',
    routeIds: [],
    textNamespaces: [],
    async renderBody({ write }) {
      write(new TextEncoder().encode('<main>A page kept for everyone.</main>'))
      return '<script nonce="' + nonce + '">window.$_TSR = {}</script>'
    },
    discard() {},
  }
}
`

/** What a browser enforces on an answer, or must not be left without, whichever path sent it. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const

function securityHeadersOf(res: LightMyRequestResponse): Record<string, unknown> {
  return Object.fromEntries(SECURITY_HEADERS.map((name) => [name, res.headers[name]]))
}

const trpcInput = (input: object) => encodeURIComponent(JSON.stringify({ json: input }))
const SIGNED_OUT_LIST = `/trpc/tools.byCategory?input=${trpcInput({ category: 'All Tools' })}`
const REST_LIST = '/api/v1/objects/getObjectByLabel/All%20Tools'

/** A page's script sources differ by design: a render's nonce, a kept page's hashes. Anything else may not. */
const withoutScriptSources = (policy: unknown) => String(policy).replace(/ '(?:nonce|sha256)-[^']+'/g, '')

describe.each(['test', 'production'] as const)('security headers with NODE_ENV=%s', (nodeEnv) => {
  let serverDir: string
  const t: TestAppFrame = useTestApp(async () => {
    serverDir = await mkdtemp(path.join(tmpdir(), 'promptly-security-headers-'))
    await writeFile(path.join(serverDir, 'render-page.js'), RENDERER)
    return { seed: true, env: { NODE_ENV: nodeEnv, WEB_DIST_DIR, WEB_SERVER_DIST_DIR: serverDir } }
  })
  afterAll(() => rm(serverDir, { recursive: true, force: true }))
  // Each test starts with nothing kept: its first request is a miss.
  beforeEach(() => t.testApp.services.caches.catalogue.changed())

  let account: TestAccount | undefined
  const ask = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers })

  /** The same request twice: the first answered through the stack, the second by the cache named. */
  async function missThenHit(url: string, marker: string, headers: Record<string, string> = {}) {
    const miss = await ask(url, headers)
    const hit = await ask(url, headers)
    expect([miss.statusCode, hit.statusCode]).toEqual([200, 200])
    expect(miss.headers[marker]).toBeUndefined()
    expect(hit.headers[marker]).toBe('hit')
    return { miss, hit }
  }

  it('are sent on every answer through the stack', async () => {
    const res = await ask('/api/v1/plans')
    const headers = securityHeadersOf(res)
    for (const name of SECURITY_HEADERS) expect(headers[name], name).toEqual(expect.any(String))
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin')
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
    // Browsers are told to upgrade plain-HTTP subresources only where the portal is served over HTTPS.
    expect(String(res.headers['content-security-policy']).includes('upgrade-insecure-requests')).toBe(
      nodeEnv === 'production',
    )
  })

  it('are the same on an address Fastify cannot decode, which no hook sees', async () => {
    const res = await ask('/api/v1/objects/getObject/%zz')
    expect(res.statusCode).toBe(400)
    expect(securityHeadersOf(res)).toEqual(securityHeadersOf(await ask('/api/v1/plans')))
  })

  it('are the same on a public response cache hit as on the miss before it, and as on any API answer', async () => {
    const { miss, hit } = await missThenHit(SIGNED_OUT_LIST, 'x-cache')
    expect(securityHeadersOf(hit)).toEqual(securityHeadersOf(miss))
    expect(securityHeadersOf(hit)).toEqual(securityHeadersOf(await ask('/api/v1/plans')))
  })

  it('are the same on a list fast path hit as on the miss before it, signed out and signed in', async () => {
    const signedOut = await missThenHit(REST_LIST, 'x-fast-path')
    expect(securityHeadersOf(signedOut.hit)).toEqual(securityHeadersOf(signedOut.miss))

    account ??= await t.signUp()
    const mine = await missThenHit(SIGNED_OUT_LIST, 'x-fast-path', account.bearer)
    expect(mine.hit.headers['cache-control']).toBe('private, no-store')
    expect(securityHeadersOf(mine.hit)).toEqual(securityHeadersOf(mine.miss))
    // A caller's own list has no compressed copy: it goes out through the compression plugin instead.
    const compressed = await ask(SIGNED_OUT_LIST, { ...account.bearer, 'accept-encoding': 'gzip' })
    expect([compressed.headers['x-fast-path'], compressed.headers['content-encoding']]).toEqual(['hit', 'gzip'])
    expect(securityHeadersOf(compressed)).toEqual(securityHeadersOf(mine.miss))
  })

  it('are the same on a kept page as on its render, but for the script sources its CSP allows', async () => {
    const rendered = await ask('/about')
    const kept = await ask('/about')
    expect([rendered.statusCode, kept.statusCode]).toEqual([200, 200])
    const policies = [rendered, kept].map((res) => String(res.headers['content-security-policy']))
    expect(policies[0]).toMatch(/script-src [^;]*'nonce-/)
    expect(policies[1]).toMatch(/script-src [^;]*'sha256-/)
    expect(policies[1]).not.toContain("'nonce-")
    const apart = (res: LightMyRequestResponse) => ({
      ...securityHeadersOf(res),
      'content-security-policy': withoutScriptSources(res.headers['content-security-policy']),
    })
    expect(apart(kept)).toEqual(apart(rendered))
    // A page's policy is the one every answer carries, with its own scripts allowed.
    expect(apart(kept)).toEqual(securityHeadersOf(await ask('/api/v1/plans')))
  })
})
