import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { useTestApp } from '../testing/use-test-app.ts'

// A web build of the test's own: the files a build copies from apps/web/public, a hashed asset.
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>'
let distDir: string
const t = useTestApp(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'promptly-public-assets-'))
  await mkdir(path.join(distDir, 'logos'))
  await mkdir(path.join(distDir, 'assets'))
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>Promptly</title>')
  await writeFile(path.join(distDir, 'favicon.svg'), SVG)
  await writeFile(path.join(distDir, 'color-scheme.js'), 'void 0')
  await writeFile(path.join(distDir, 'logos', 'x.svg'), SVG)
  await writeFile(path.join(distDir, 'assets', 'app-3f2a1b.js'), 'void 0')
  await writeFile(path.join(distDir, 'assets', 'hero-3f2a1b.svg'), SVG)
  return { seed: true, env: { WEB_DIST_DIR: distDir, APP_URL: 'https://api.promptly.example' } }
})
afterAll(() => rm(distDir, { recursive: true, force: true }))

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers })
const corpOf = async (url: string) => (await get(url)).headers['cross-origin-resource-policy']

describe('public files', () => {
  it('the logos and the favicon may be embedded by any site', async () => {
    const logo = await get('/logos/x.svg')
    expect(logo.statusCode).toBe(200)
    expect(logo.headers['content-type']).toMatch(/^image\/svg\+xml/)
    expect(logo.headers['cross-origin-resource-policy']).toBe('cross-origin')
    expect(await corpOf('/favicon.svg')).toBe('cross-origin')
    // Asked for headers only (curl -I, a link checker), the answer is the same, and the server lives on.
    const head = await t.app.inject({ method: 'HEAD', url: '/logos/x.svg' })
    expect(head.statusCode).toBe(200)
    expect(head.headers['cross-origin-resource-policy']).toBe('cross-origin')
    expect((await get('/logos/x.svg')).statusCode).toBe(200)
    // Revalidated, compressed or not, the answer keeps the policy.
    const again = await get('/logos/x.svg', { 'if-none-match': String(logo.headers.etag), 'accept-encoding': 'br' })
    expect(again.headers['cross-origin-resource-policy']).toBe('cross-origin')
  })

  it("pages, the app's own scripts and assets, API answers and missing files stay same-origin", async () => {
    for (const url of ['/', '/profile', '/color-scheme.js', '/assets/app-3f2a1b.js', '/assets/hero-3f2a1b.svg']) {
      expect(await corpOf(url), url).toBe('same-origin')
    }
    expect(await corpOf('/api/v1/plans')).toBe('same-origin')
    const missing = await get('/logos/none.svg')
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['cross-origin-resource-policy']).toBe('same-origin')
  })
})

describe('logos in legacy REST answers', () => {
  const STORED_ABSOLUTE = 'https://cdn.example.org/brand/logo.png'
  let absoluteToolId: string
  beforeAll(async () => {
    // A tool whose stored logo is already a URL elsewhere: it is answered as stored.
    const tool = await t.db.prisma.tool.findFirstOrThrow({ where: { logo: '/logos/instagram.svg' } })
    absoluteToolId = tool.id
    await t.db.prisma.tool.update({ where: { id: tool.id }, data: { logo: STORED_ABSOLUTE } })
    await t.testApp.services.caches.catalogue.changed()
  })

  /** Every logo a legacy tool object carries, `logo` and its alias `accoLogo`. */
  function expectAbsoluteLogos(tools: Array<{ id: string; logo: string; accoLogo?: string }>) {
    expect(tools.length).toBeGreaterThan(0)
    for (const tool of tools) {
      const expected =
        tool.id === absoluteToolId
          ? STORED_ABSOLUTE
          : expect.stringMatching(/^https:\/\/api\.promptly\.example\/logos\/[a-z-]+\.svg$/)
      expect(tool.logo, tool.id).toEqual(expected)
      if ('accoLogo' in tool) expect(tool.accoLogo).toBe(tool.logo)
    }
  }

  it('are URLs on the API host (APP_URL) in the catalogue list, through the stack and from its caches', async () => {
    const account = await t.signUp()
    for (const headers of [{}, {}, account.bearer, account.bearer]) {
      const res = await get('/api/v1/objects/getObjectByLabel/All%20Tools', headers)
      expect(res.statusCode).toBe(200)
      expectAbsoluteLogos(res.json<{ message: Array<{ id: string; logo: string; accoLogo: string }> }>().message)
    }
  })

  it('are URLs on the API host in search results, one tool with its similar tools, and bookmarks', async () => {
    const search = await get('/api/v2/objects/searchObjects/Bio')
    expectAbsoluteLogos(search.json<{ message: Array<{ id: string; logo: string }> }>().message)

    const one = await get(`/api/v1/objects/getObject/${absoluteToolId}`)
    const { object, similarObject } = one.json<{
      message: {
        object: { id: string; logo: string; accoLogo: string }
        similarObject: Array<{ id: string; logo: string }>
      }
    }>().message
    expectAbsoluteLogos([object, ...similarObject])

    const account = await t.signUp()
    const other = search.json<{ message: Array<{ id: string }> }>().message.find((tool) => tool.id !== absoluteToolId)
    for (const id of [absoluteToolId, other!.id]) {
      const toggled = await t.app.inject({
        method: 'POST',
        url: `/api/v2/bookmarks/add-remove/${id}`,
        headers: account.bearer,
      })
      expect(toggled.statusCode).toBe(200)
    }
    const bookmarks = await get('/api/v2/bookmarks', account.bearer)
    expectAbsoluteLogos(bookmarks.json<{ data: Array<{ id: string; logo: string }> }>().data)
  })

  it('load from the API host for a page elsewhere: the logo an answer names is served, embeddable', async () => {
    const res = await get('/api/v1/objects/getObjectByLabel/All%20Tools')
    const logo = res
      .json<{ message: Array<{ logo: string }> }>()
      .message.find((tool) => tool.logo.endsWith('/logos/x.svg'))
    expect(logo).toBeDefined()
    const served = await get(new URL(logo!.logo).pathname)
    expect(served.statusCode).toBe(200)
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin')
  })
})
