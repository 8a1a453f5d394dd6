import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

import { useTestApp, type TestAppFrame } from './testing/use-test-app.ts'

const LIMIT = 3
let webDir: string | undefined

const direct = useTestApp(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'promptly-rate-limit-web-'))
  await mkdir(path.join(webDir, 'assets'))
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Promptly</title>')
  await writeFile(path.join(webDir, 'assets', 'app.js'), 'console.log("app")')
  return { env: { RATE_LIMIT_PER_MINUTE: String(LIMIT), WEB_DIST_DIR: webDir } }
})
afterAll(async () => {
  if (webDir) await rm(webDir, { recursive: true, force: true })
})

interface Call {
  url: string
  remoteAddress: string
  headers?: Record<string, string>
}

/** Sends the calls in order and answers their status codes. */
async function statusesOf(t: TestAppFrame, calls: Call[]): Promise<number[]> {
  const statuses: number[] = []
  for (const { url, remoteAddress, headers } of calls) {
    statuses.push((await t.app.inject({ method: 'GET', url, remoteAddress, ...(headers && { headers }) })).statusCode)
  }
  return statuses
}

const times = <T>(count: number, make: (index: number) => T): T[] =>
  Array.from({ length: count }, (_, index) => make(index))

describe('the API rate limit', () => {
  it.each([
    ['/%61pi/v1/objects/getCategories', '198.51.100.1'],
    ['/api/v1/objects/get%43ategories', '198.51.100.2'],
    ['/%74rpc/tools.categories', '198.51.100.3'],
    ['/%68ealth', '198.51.100.4'],
  ])('counts %s, which the router decodes to an API route, like the plain path', async (url, remoteAddress) => {
    const statuses = await statusesOf(
      direct,
      times(LIMIT + 1, () => ({ url, remoteAddress })),
    )
    expect(statuses).toEqual([...times(LIMIT, () => 200), 429])
  })

  it('shares one allowance between plain and percent-encoded spellings of a path', async () => {
    const remoteAddress = '198.51.100.5'
    const plain = times(LIMIT, () => ({ url: '/api/v1/objects/getCategories', remoteAddress }))
    expect(await statusesOf(direct, plain)).toEqual(times(LIMIT, () => 200))
    const encoded = await direct.app.inject({ method: 'GET', url: '/%61pi/v1/objects/getCategories', remoteAddress })
    expect(encoded.statusCode).toBe(429)
    expect(encoded.json()).toMatchObject({ status: 'error', code: 'TOO_MANY_REQUESTS' })
  })

  it('leaves static files unlimited, as before', async () => {
    const statuses = await statusesOf(
      direct,
      times(LIMIT * 2, () => ({ url: '/assets/app.js', remoteAddress: '198.51.100.6' })),
    )
    expect(statuses).toEqual(times(LIMIT * 2, () => 200))
  })

  it('leaves stored public catalogue answers unlimited, as before', async () => {
    const remoteAddress = '198.51.100.7'
    const url = '/trpc/tools.categories'
    expect((await direct.app.inject({ method: 'GET', url, remoteAddress })).statusCode).toBe(200)
    // The copy of a missed response is stored once its body has been read.
    await new Promise((resolve) => setTimeout(resolve, 50))
    const hits = await Promise.all(times(LIMIT * 2, () => direct.app.inject({ method: 'GET', url, remoteAddress })))
    expect(hits.map((res) => [res.statusCode, res.headers['x-cache']])).toEqual(times(LIMIT * 2, () => [200, 'hit']))
  })
})

describe('the client address the limit counts', () => {
  const behindProxy = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY: '10.0.0.1' } })
  const url = '/api/v1/objects/getCategories'

  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For claims', async () => {
    const spoofed = times(LIMIT + 1, (index) => ({
      url,
      remoteAddress: '198.51.100.20',
      headers: { 'x-forwarded-for': `203.0.113.${index + 1}` },
    }))
    expect(await statusesOf(direct, spoofed)).toEqual([...times(LIMIT, () => 200), 429])
  })

  it('is the address a trusted proxy forwarded, not one the client prepended', async () => {
    const viaProxy = times(LIMIT + 1, (index) => ({
      url,
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': `192.0.2.${index + 1}, 203.0.113.30` },
    }))
    expect(await statusesOf(behindProxy, viaProxy)).toEqual([...times(LIMIT, () => 200), 429])
    // Another client behind the same proxy has an allowance of its own.
    expect(
      await statusesOf(behindProxy, [
        { url, remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': '203.0.113.31' } },
      ]),
    ).toEqual([200])
  })

  it('ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
    const spoofed = times(LIMIT + 1, (index) => ({
      url,
      remoteAddress: '198.51.100.21',
      headers: { 'x-forwarded-for': `203.0.113.${index + 40}` },
    }))
    expect(await statusesOf(behindProxy, spoofed)).toEqual([...times(LIMIT, () => 200), 429])
  })
})
