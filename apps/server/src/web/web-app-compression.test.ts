import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'

import { useTestApp } from '../testing/use-test-app.ts'

type Encoding = 'br' | 'gzip'
const SIBLING: Record<Encoding, string> = { br: '.br', gzip: '.gz' }
const decode: Record<Encoding, (bytes: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync }

/** Text long enough to be worth compressing (the build compresses files of 1 KB and more). */
const filler = (line: string) => `${line}\n`.repeat(Math.ceil(2048 / (line.length + 1)))
const INDEX_HTML = `<!doctype html><title>Promptly</title>\n<!--${filler('preload hints and meta tags')}-->`
const HASHED = 'public, max-age=31536000, immutable'
const PUBLIC = 'public, max-age=300'

/** One built file of each text type the web build precompresses, as the build lays them out. */
const FILES: { url: string; body: string; type: RegExp; cacheControl: string }[] = [
  { url: '/index.html', body: INDEX_HTML, type: /^text\/html/, cacheControl: 'no-cache' },
  {
    url: '/assets/framework-1a2b3c.js',
    body: filler('console.log("framework")'),
    type: /javascript/,
    cacheControl: HASHED,
  },
  { url: '/assets/index-4d5e6f.css', body: filler('.app { color: red }'), type: /^text\/css/, cacheControl: HASHED },
  { url: '/assets/icons-7a8b9c.svg', body: svg(), type: /^image\/svg\+xml/, cacheControl: HASHED },
  { url: '/assets/data-0a1b2c.json', body: json(), type: /^application\/json/, cacheControl: HASHED },
  { url: '/robots.txt', body: filler('Disallow: /admin'), type: /^text\/plain/, cacheControl: PUBLIC },
  {
    url: '/sitemap.xml',
    body: `<urlset>${filler('<url><loc>/</loc></url>')}</urlset>`,
    type: /xml/,
    cacheControl: PUBLIC,
  },
  { url: '/manifest.webmanifest', body: json(), type: /^application\/manifest\+json/, cacheControl: PUBLIC },
]
const SMALL_SVG = '<svg xmlns="http://www.w3.org/2000/svg"/>'
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

function svg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg">${filler('<path d="M0 0h24v24H0z"/>')}</svg>`
}
function json(): string {
  return JSON.stringify({ name: 'Promptly', icons: Array.from({ length: 40 }, (_, i) => ({ src: `/icon-${i}.png` })) })
}

let webDir: string
const t = useTestApp(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'promptly-web-compression-'))
  await mkdir(path.join(webDir, 'assets'))
  for (const file of FILES) {
    const at = path.join(webDir, file.url)
    await writeFile(at, file.body)
    await writeFile(`${at}${SIBLING.br}`, brotliCompressSync(file.body))
    await writeFile(`${at}${SIBLING.gzip}`, gzipSync(file.body))
  }
  // What the build leaves without siblings: a file under 1 KB, and an image (compressed already).
  await writeFile(path.join(webDir, 'favicon.svg'), SMALL_SVG)
  await writeFile(path.join(webDir, 'assets', 'logo-3c4d5e.png'), PNG)
  return { env: { WEB_DIST_DIR: webDir } }
})
afterAll(() => rm(webDir, { recursive: true, force: true }))

const get = (url: string, acceptEncoding?: string): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} })

const varies = (res: LightMyRequestResponse) =>
  String(res.headers.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .includes('accept-encoding')

describe('built text files', () => {
  it.each(FILES.flatMap((file) => (['br', 'gzip'] as const).map((encoding) => [file.url, encoding, file] as const)))(
    'serves %s as its %s sibling from the build, with its own type and caching',
    async (url, encoding, file) => {
      const res = await get(url, encoding)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-encoding']).toBe(encoding)
      expect(varies(res)).toBe(true)
      expect(res.headers['content-type']).toMatch(file.type)
      expect(res.headers['cache-control']).toBe(file.cacheControl)
      expect(decode[encoding](res.rawPayload).toString('utf8')).toBe(file.body)
      // The build's bytes as they are: nothing compressed (again) per request.
      const sibling = await readFile(path.join(webDir, `${file.url}${SIBLING[encoding]}`))
      expect(res.rawPayload.equals(sibling)).toBe(true)
    },
  )

  it.each(FILES.map((file) => [file.url, file] as const))(
    'serves %s as it is to a client that accepts no encoding, still varying on it',
    async (url, file) => {
      const res = await get(url)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-encoding']).toBeUndefined()
      expect(varies(res)).toBe(true)
      expect(res.headers['cache-control']).toBe(file.cacheControl)
      expect(res.body).toBe(file.body)
    },
  )

  it('prefers brotli, then gzip, as the client weighs them', async () => {
    const url = FILES[1]!.url
    expect((await get(url, 'gzip, deflate, br')).headers['content-encoding']).toBe('br')
    expect((await get(url, 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip')
    expect((await get(url, 'deflate')).headers['content-encoding']).toBeUndefined()
  })

  it('never serves a sibling by its own URL', async () => {
    for (const sibling of ['/assets/framework-1a2b3c.js.br', '/index.html.gz']) {
      expect((await get(sibling, 'br')).statusCode).toBe(404)
    }
  })

  it('sends an image as it is: it is compressed already', async () => {
    const res = await get('/assets/logo-3c4d5e.png', 'gzip, br')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.rawPayload.equals(PNG)).toBe(true)
  })

  it('sends a file under 1 KB as it is: compressing it would not make it smaller', async () => {
    const res = await get('/favicon.svg', 'gzip, br')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/)
    expect(res.body).toBe(SMALL_SVG)
  })
})

describe('pages (the index.html fallback)', () => {
  it.each(['/', '/profile', '/generate?id=abc', '/history/deep/link'])(
    'answers %s with the compressed index.html, never cached, under the same CSP',
    async (url) => {
      for (const encoding of ['br', 'gzip'] as const) {
        const res = await get(url, encoding)
        expect(res.statusCode).toBe(200)
        expect(res.headers['content-type']).toMatch(/^text\/html/)
        expect(res.headers['content-encoding']).toBe(encoding)
        expect(varies(res)).toBe(true)
        expect(res.headers['cache-control']).toBe('no-cache')
        expect(res.headers['content-security-policy']).toContain("default-src 'self'")
        expect(decode[encoding](res.rawPayload).toString('utf8')).toBe(INDEX_HTML)
      }
      const plain = await get(url)
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.body).toBe(INDEX_HTML)
    },
  )
})
