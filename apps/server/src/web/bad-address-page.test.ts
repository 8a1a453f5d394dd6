import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

import { useTestApp } from '../testing/use-test-app.ts'

// A web build of the shape the server reads: index.html with the entry's script and stylesheet, and a
// server build whose error screen names what it was asked for (the real one: apps/web/src/ssr).
const INDEX_HTML = [
  '<!doctype html><html lang="en"><head><title>Promptly</title>',
  '<script src="/color-scheme.js"></script>',
  '<script type="module" crossorigin src="/assets/index-1a2b.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/vendor-3c4d.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index-5e6f.css">',
  '</head><body><div id="root"></div></body></html>',
].join('')
const RENDERER = `
export async function renderPage() { throw new Error('not used here') }
export async function renderErrorPage({ problem, language }) {
  const title = 'Unexpected Application Error!'
  const alert = '<p role="alert">' + problem + ' in ' + language + '</p>'
  return { head: '<title>' + title + '</title>', body: '<main><h1>' + title + '</h1>' + alert + '</main>' }
}
`
let webDir: string
const t = useTestApp(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'promptly-bad-address-'))
  await mkdir(path.join(webDir, 'dist', '.vite'), { recursive: true })
  await mkdir(path.join(webDir, 'server'))
  await writeFile(path.join(webDir, 'dist', 'index.html'), INDEX_HTML)
  await writeFile(path.join(webDir, 'dist', '.vite', 'manifest.json'), '{}')
  await writeFile(path.join(webDir, 'server', 'render-page.js'), RENDERER)
  return { env: { WEB_DIST_DIR: path.join(webDir, 'dist'), WEB_SERVER_DIST_DIR: path.join(webDir, 'server') } }
})
afterAll(() => rm(webDir, { recursive: true, force: true }))

const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }

describe('a page address the router cannot decode', () => {
  it.each(['/about/%zz', '/%E0%A4%A', '/generate/%?id=1'])(
    'answers a browser at %s with the error screen: 400, HTML, the security headers, no script, nothing reflected',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: BROWSER })
      expect(res.statusCode).toBe(400)
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(res.headers['content-security-policy']).toContain("default-src 'self'")
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['cache-control']).toBe('no-store')
      expect(res.body).toContain('<div id="root"><main><h1>Unexpected Application Error!</h1>')
      expect(res.body).toContain('<p role="alert">badAddress in en</p>')
      expect(res.body.match(/<title>/g)).toHaveLength(1)
      // The app would read the address again: its scripts are left out, its stylesheet and colour scheme kept.
      expect(res.body).not.toContain('type="module"')
      expect(res.body).not.toContain('modulepreload')
      expect(res.body).toContain('href="/assets/index-5e6f.css"')
      expect(res.body).toContain('<script src="/color-scheme.js"></script>')
      expect(res.body).not.toContain(url.slice(1))
    },
  )

  it("speaks the visitor's language, in its writing direction", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/about/%zz',
      headers: { ...BROWSER, 'accept-language': 'ar,en;q=0.5' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('<html lang="ar" dir="rtl"')
    expect(res.body).toContain('badAddress in ar')
  })

  it('keeps the JSON 400 for API paths, other clients and other methods', async () => {
    for (const request of [
      { method: 'GET', url: '/api/v1/objects%zz', headers: BROWSER },
      { method: 'GET', url: '/trpc/tools.list%zz', headers: BROWSER },
      { method: 'GET', url: '/about/%zz', headers: { accept: 'application/json' } },
      { method: 'POST', url: '/about/%zz', headers: BROWSER },
    ] as const) {
      const res = await t.app.inject(request)
      expect(res.statusCode, request.url).toBe(400)
      expect(res.json(), request.url).toMatchObject({ status: 'error', code: 'BAD_REQUEST' })
    }
  })

  it('is not a page of its own: its internal path asked for directly is not the 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/_bad-address', headers: BROWSER })
    expect(res.statusCode).not.toBe(400)
    expect(res.body).not.toContain('Unexpected Application Error!')
  })
})
