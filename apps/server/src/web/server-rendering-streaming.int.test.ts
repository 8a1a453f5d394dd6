import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { request, type IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'

import { REPO_ROOT } from '@promptly/db/repo-paths'

import { decodedReader } from '../testing/decoded-reader.ts'
import { useTestApp } from '../testing/use-test-app.ts'

// The real client build (TEST_WEB_DIST_DIR names a private one) with a server build of the test's
// own, whose body waits at a gate the test opens: what the server sends while the body is still
// being rendered is then visible, with no timing involved.
const WEB_DIST_DIR = path.resolve(REPO_ROOT, process.env.TEST_WEB_DIST_DIR ?? 'apps/web/dist')

/**
 * The page renderer's contract (packages/core/src/web/page-renderer.ts), driven by the URL's
 * `case`: `fails-loading` throws while the routes load, `redirects` redirects, `missing` is a 404,
 * `fails-rendering` fails once its body has begun. A body waits at the gate of its case, if the test
 * closed one. The control object is shared through globalThis: the server imports this file itself.
 */
const RENDERER = `
const control = (globalThis.__streamingTestRenderer ??= { renders: 0, gates: new Map() })
const encode = (text) => new TextEncoder().encode(text)
export async function renderPage({ url, nonce }) {
  control.renders += 1
  const name = new URL(url, 'http://page').searchParams.get('case') ?? 'plain'
  if (name === 'fails-loading') throw new Error('the routes failed to load')
  if (name === 'redirects') return { kind: 'redirect', status: 307, location: '/login' }
  return {
    kind: 'page',
    status: name === 'missing' ? 404 : 200,
    head: '<title>Streamed ' + name + '</title>',
    routeIds: [],
    textNamespaces: [],
    async renderBody({ write, signal }) {
      control.onRenderBody?.()
      write(encode('<main>The first part of ' + name + '.'))
      const gate = control.gates.get(name)
      if (gate) {
        signal?.addEventListener('abort', () => control.onAbort?.(name))
        await Promise.race([
          gate.opened,
          new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason))),
        ])
      }
      if (name === 'fails-rendering') throw new Error('the body broke')
      write(encode(' The last part.</main>'))
      return '<script nonce="' + nonce + '">window.$_TSR = {}</script>'
    },
    discard() {},
  }
}
`

interface RendererControl {
  renders: number
  gates: Map<string, { opened: Promise<void> }>
  /** Told when a body waiting at its gate was aborted. */
  onAbort?: (name: string) => void
  /** Called as a body starts rendering, before the renderer writes anything. */
  onRenderBody?: () => void
}
const control = (): RendererControl =>
  ((globalThis as { __streamingTestRenderer?: RendererControl }).__streamingTestRenderer ??= {
    renders: 0,
    gates: new Map(),
  })

/** Holds the bodies of `name` until the returned function is called. */
function closeGate(name: string): () => void {
  let open = (): void => undefined
  control().gates.set(name, { opened: new Promise<void>((resolve) => (open = resolve)) })
  return () => {
    control().gates.delete(name)
    open()
  }
}

const logs: string[] = []
const logStream = new PassThrough().on('data', (line: Buffer) => logs.push(line.toString('utf8')))
let serverDir: string

const t = useTestApp(async () => {
  serverDir = await mkdtemp(path.join(tmpdir(), 'promptly-streaming-ssr-'))
  await writeFile(path.join(serverDir, 'render-page.js'), RENDERER)
  return {
    listen: true,
    env: { WEB_DIST_DIR, WEB_SERVER_DIST_DIR: serverDir, LOG_LEVEL: 'debug' },
    logStream,
  }
})
afterAll(() => rm(serverDir, { recursive: true, force: true }))
beforeEach(async () => {
  // Each test starts with no stored page.
  await t.testApp.services.caches.catalogue.changed()
  logs.length = 0
})

/** A page over real HTTP, read as it arrives (decoded when compressed). */
function get(url: string, headers: Record<string, string> = {}) {
  let req: ReturnType<typeof request> | undefined
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    // A connection of its own: the server's side of it is the last one accepted.
    req = request(`${t.baseUrl}${url}`, { headers, agent: false }, resolve).once('error', reject)
    req.end()
  })
  return { response, destroy: () => req?.destroy() }
}

/** Resolves once a log line satisfies `matches`. */
async function logged(matches: (line: string) => boolean, count = 1): Promise<void> {
  while (logs.filter(matches).length < count) await new Promise((resolve) => logStream.once('data', resolve))
}

describe('a server-rendered page, streamed', () => {
  it.each([
    ['uncompressed', null],
    ['brotli', 'br'],
    ['gzip', 'gzip'],
  ] as const)('arrives %s with its head and styles while the body is still rendering', async (_label, encoding) => {
    const open = closeGate('plain')
    // React renders in one go, blocking the server: the prefix must be on the socket before it starts.
    let accepted: Socket | undefined
    t.app.server.once('connection', (socket: Socket) => (accepted = socket))
    let atRender: { written: number; corked: number } | undefined
    control().onRenderBody = () =>
      (atRender = { written: accepted?.bytesWritten ?? -1, corked: accepted?.writableCorked ?? -1 })
    const res = await get('/about', encoding ? { 'accept-encoding': encoding } : {}).response
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.headers['content-encoding']).toBe(encoding ?? undefined)
    const page = decodedReader(res)
    // Reached only if the document up to #root was sent, through the compressor's flush, before
    // the body went on: the gate is closed, so the answer cannot have ended.
    const prefix = await page.until((text) => text.includes('The first part of plain.'))
    expect(prefix).toContain('<title>Streamed plain</title>')
    expect(prefix.indexOf('</head>')).toBeLessThan(prefix.indexOf('<div id="root">'))
    expect(prefix).toMatch(/<style>[^<]+<\/style>/)
    expect(res.complete).toBe(false)
    expect(page.text()).not.toContain('The last part.')
    // More than the headers had reached the socket, the prefix (kilobytes of inline CSS, even
    // compressed), and the socket was not holding it back (Node corks it for a tick around each
    // chunk). Whether the kernel has taken all of it yet is its business, so that is not checked.
    const headerBytes = res.rawHeaders.join(': \r\n').length
    expect(atRender?.written).toBeGreaterThan(headerBytes + 2000)
    expect(atRender?.corked).toBe(0)

    open()
    const html = await page.end()
    expect(html).toMatch(/<div id="root"><main>The first part of plain\. The last part\.<\/main><\/div><script/)
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1]
    expect(html).toContain(`<script nonce="${nonce}">window.$_TSR = {}</script>`)
    expect(html).toMatch(/<\/body>\s*<\/html>\s*$/)
  })

  it('keeps the page it streamed and sends it again at once, its inline scripts allowed by hash', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/about' })
    const renders = control().renders
    // The gate would hold a render; a stored page is sent without one.
    const open = closeGate('plain')
    const second = await t.app.inject({ method: 'GET', url: '/about' })
    const compressed = await t.app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'br' } })
    open()
    expect(control().renders).toBe(renders)
    expect(second.statusCode).toBe(200)
    // The same page, for everyone: the first response's nonce is gone, and no other takes its place.
    const firstNonce = /'nonce-([^']+)'/.exec(String(first.headers['content-security-policy']))?.[1]
    expect(second.body).toBe(first.body.replaceAll(` nonce="${firstNonce}"`, ''))
    expect(second.body).not.toContain('nonce=')
    const scriptSrc = /script-src ([^;]*)/.exec(String(second.headers['content-security-policy']))?.[1]?.split(' ')
    expect(scriptSrc).not.toContainEqual(expect.stringMatching(/^'nonce-/))
    // Each inline script by its hash (`window.$_TSR = {}`'s as openssl computes it), and no other.
    const inlineScripts = second.body.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []
    expect(scriptSrc).toContain("'sha256-olScE2/66MHiWyU+puyGZSkzfoRQsiJJdQcSS1SgMhI='")
    expect(scriptSrc?.filter((source) => source.startsWith("'sha256-"))).toHaveLength(inlineScripts.length)
    // Compressed once when kept, sent as it was compressed.
    expect(compressed.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(compressed.rawPayload).toString('utf8')).toBe(second.body)
    expect(compressed.headers['content-security-policy']).toBe(
      String(second.headers['content-security-policy']).replace(/'nonce-[^']+'/, ''),
    )
  })

  it('renders once for requests that come while the first is rendering: they get its bytes', async () => {
    const open = closeGate('plain')
    const leaderResponse = await get('/about').response
    const leader = decodedReader(leaderResponse)
    await leader.until((text) => text.includes('The first part of plain.'))
    const followers = [t.app.inject({ method: 'GET', url: '/about' }), t.app.inject({ method: 'GET', url: '/about' })]
    await logged((line) => line.includes('waiting for the page another request is rendering'), 2)
    const renders = control().renders
    open()
    const whole = await leader.end()
    const leaderNonce = /'nonce-([^']+)'/.exec(String(leaderResponse.headers['content-security-policy']))?.[1]
    for (const follower of await Promise.all(followers)) {
      expect(follower.statusCode).toBe(200)
      expect(follower.body).toBe(whole.replaceAll(` nonce="${leaderNonce}"`, ''))
    }
    expect(control().renders).toBe(renders)
  })

  it('does not keep a page the catalogue changed under while it was rendering', async () => {
    const open = closeGate('plain')
    const first = decodedReader(await get('/about').response)
    await first.until((text) => text.includes('The first part of plain.'))
    await t.testApp.services.caches.catalogue.changed()
    open()
    await first.end()
    const renders = control().renders
    await t.app.inject({ method: 'GET', url: '/about' })
    expect(control().renders).toBe(renders + 1)
  })

  it('answers a missing page with its 404, streamed, and does not keep it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/about?case=missing' })
    expect(res.statusCode).toBe(404)
    expect(res.body).toContain('<title>Streamed missing</title>')
    expect(res.body).toContain('The last part.')
    const renders = control().renders
    await t.app.inject({ method: 'GET', url: '/about?case=missing' })
    expect(control().renders).toBe(renders + 1)
  })

  it('redirects before sending anything of a page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/about?case=redirects' })
    expect(res.statusCode).toBe(307)
    expect(res.headers.location).toBe('/login')
    expect(res.body).not.toContain('<html')
  })

  it('sends the client-rendered index.html when the routes fail to load, before any byte', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/about?case=fails-loading' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<div id="root"></div>')
    expect(res.body).not.toContain('Streamed')
    expect(logs.join('')).toContain('the routes failed to load')
  })

  it('ends the page without the router state when the body fails after it began, logs it, keeps nothing', async () => {
    const open = closeGate('fails-rendering')
    const res = await get('/about?case=fails-rendering').response
    const page = decodedReader(res)
    await page.until((text) => text.includes('The first part of fails-rendering.'))
    open()
    const html = await page.end()
    expect(res.statusCode).toBe(200)
    // The document is whole, and with no router state the page's scripts render it in the browser.
    expect(html).toMatch(/The first part of fails-rendering\.<\/div><script nonce="[^"]+">\(function \(scripts\)/)
    expect(html).not.toContain('$_TSR')
    expect(html).toMatch(/<\/body>\s*<\/html>\s*$/)
    await logged((line) => line.includes('the body broke'))
    expect(logs.join('')).toContain('server rendering failed after the page began')
    const renders = control().renders
    await t.app.inject({ method: 'GET', url: '/about?case=fails-rendering' })
    expect(control().renders).toBe(renders + 1)
  })

  it('stops rendering when the visitor leaves half-way', async () => {
    const open = closeGate('left')
    const aborted = new Promise<string>((resolve) => (control().onAbort = resolve))
    const request = get('/about?case=left')
    const page = decodedReader(await request.response)
    await page.until((text) => text.includes('The first part of left.'))
    request.destroy()
    // Reached only if the server told the render to stop: its gate is still closed.
    expect(await aborted).toBe('left')
    open()
  })
})
