import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

import { builderDraft } from '@promptly/api/tool-builder/testing/builder-fixtures'
import { REPO_ROOT } from '@promptly/db/repo-paths'

import { useTestApp } from '../testing/use-test-app.ts'

// The real builds of the web app: turbo builds them before this package's tests (turbo.json);
// TEST_WEB_DIST_DIR and TEST_WEB_SERVER_DIST_DIR name a private build instead.
const WEB_DIST_DIR = path.resolve(REPO_ROOT, process.env.TEST_WEB_DIST_DIR ?? 'apps/web/dist')
const WEB_SERVER_DIST_DIR = path.resolve(REPO_ROOT, process.env.TEST_WEB_SERVER_DIST_DIR ?? 'apps/web/dist-server')
const APP_URL = 'https://promptly.example'

const t = useTestApp({
  seed: true,
  listen: true,
  env: { WEB_DIST_DIR, WEB_SERVER_DIST_DIR, APP_URL },
})

/** The seeded X (Twitter) Bio Generator: its id comes from its slug (core's tool-id.ts). */
const X_BIO = { id: '218151ba-48d6-8f2d-9029-77dd78f93fcb', name: 'X (Twitter) Bio Generator' }
const X_BIO_URL = `/generate?id=${X_BIO.id}`

async function page(url: string) {
  const res = await t.app.inject({ method: 'GET', url })
  return { res, html: res.body }
}

function headOf(html: string): string {
  return html.slice(0, html.indexOf('</head>'))
}

/** What #root holds: the page as the server rendered it, before any script runs. */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">')
  return start === -1 ? '' : html.slice(start, html.indexOf('</body>'))
}

describe('server-rendered public pages', () => {
  it('sends the home page with the catalogue in it, titled, with its state for the browser', async () => {
    const { res, html } = await page('/')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    const root = rootOf(html)
    expect(root).toContain('Unlock the Power of AI with')
    // All Tools' cards, rendered from the catalogue the server read.
    expect(root).toContain('Text to Audio Converter')
    expect(root).toContain('Instagram Bio Generator')
    expect(headOf(html)).toContain('<title>Promptly: AI generator tools</title>')
    expect(headOf(html)).toContain(`<link rel="canonical" href="${APP_URL}/"/>`)
    // The one default title and description were replaced, not doubled.
    expect(html.match(/<title>/g)).toHaveLength(1)
    expect(html.match(/<meta name="description"/g)).toHaveLength(1)
    // The query answers travel with the router's state: the browser renders from them, no refetch.
    expect(html).toContain('$_TSR.router=')
    expect(html).toMatch(/tools.*byCategory/)
  })

  it('allows inline scripts by a fresh nonce when it renders, by their hashes when it resends, no other', async () => {
    // A catalogue change drops the kept pages: the first request renders, the second gets the kept one.
    await t.testApp.services.caches.catalogue.changed()
    const rendered = await page('/')
    const kept = await page('/')
    const scriptSources = (res: typeof rendered.res) => {
      const csp = String(res.headers['content-security-policy'])
      expect(/script-src[^;]*'unsafe-inline'/.test(csp)).toBe(false)
      return /script-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? []
    }
    const inlineScripts = (html: string) => [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]

    const nonce = /^'nonce-([^']+)'$/.exec(scriptSources(rendered.res).at(-1) ?? '')?.[1]
    expect(nonce).toBeDefined()
    expect(inlineScripts(rendered.html).length).toBeGreaterThan(0)
    for (const [, attributes] of inlineScripts(rendered.html)) expect(attributes).toContain(`nonce="${nonce}"`)

    expect(kept.html).toBe(rendered.html.replaceAll(` nonce="${nonce}"`, ''))
    const hashes = inlineScripts(kept.html).map(
      ([, , content]) =>
        `'sha256-${createHash('sha256')
          .update(content ?? '')
          .digest('base64')}'`,
    )
    expect(scriptSources(kept.res)).toEqual(["'self'", ...hashes])
  })

  it("links the CSS and preloads the chunks of the page's routes, from the client build", async () => {
    const { html } = await page('/')
    const head = headOf(html)
    const stylesheets = [...head.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+)"/g)].map((m) => m[1])
    const preloads = [...html.matchAll(/"\/(assets\/[^"]+\.js)"/g)].map((m) => m[1])
    // The entry's own, then the home route's and the catalogue's (rendered on the server, so styled at once).
    expect(stylesheets.length).toBeGreaterThan(1)
    expect(preloads.some((file) => /assets\/Catalogue-/.test(file ?? ''))).toBe(true)
    expect(preloads.some((file) => /assets\/routes-/.test(file ?? ''))).toBe(true)
    for (const file of [...stylesheets, ...preloads]) expect(existsSync(path.join(WEB_DIST_DIR, file ?? ''))).toBe(true)
  })

  it('asks for the scripts from the end of <body>, with the nonce, and puts the CSS in the page', async () => {
    for (const url of ['/', X_BIO_URL]) {
      const { res, html } = await page(url)
      const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1]
      // No tag asks for an app script before the page has painted: the preload scanner would fetch
      // them all beside the CSS the first paint needs.
      expect(html).not.toMatch(/<script[^>]*type="module"|rel="modulepreload"|<script[^>]*\bsrc=/)
      // The loader is the last thing in <body>, after the page and the router's state.
      const loader =
        /<script(?: nonce="([^"]+)")?>(\(function \(scripts\)[\s\S]*?)<\/script>\s*<\/body>\s*<\/html>\s*$/.exec(html)
      // Its nonce when rendered for this request; none on a kept page (its hash allows it).
      expect(loader?.[1]).toBe(nonce)
      expect(html.lastIndexOf('$_TSR.router=')).toBeLessThan(html.lastIndexOf('(function (scripts)'))
      const scripts = JSON.parse(/\}\)\((\{.*\})\)$/.exec(loader?.[2] ?? '')?.[1] ?? '{}') as {
        preloads: string[]
        entries: string[]
      }
      expect(scripts.entries).toEqual([expect.stringMatching(/^\/assets\/index-[^/]+\.js$/)])
      expect(scripts.preloads).toContainEqual(expect.stringMatching(/^\/assets\/framework-/))
      expect(scripts.preloads).toContainEqual(expect.stringMatching(/^\/assets\/hydrate-page-/))
      for (const file of [...scripts.entries, ...scripts.preloads]) {
        expect(existsSync(path.join(WEB_DIST_DIR, file))).toBe(true)
      }
      // Each stylesheet's rules are in <head>, its link kept disabled (never fetched) beside them.
      const head = headOf(html)
      const links = [
        ...head.matchAll(/<style>([^<]+)<\/style><link rel="stylesheet" crossorigin href="\/([^"]+)" disabled>/g),
      ]
      expect(links.length).toBeGreaterThan(1)
      for (const [, css, file] of links) expect(css).toBe(readFileSync(path.join(WEB_DIST_DIR, file ?? ''), 'utf8'))
      expect(head).not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)/)
      // The colour scheme is applied before the first paint, from the page itself.
      const colourScheme = head.slice(head.indexOf(nonce ? `<script nonce="${nonce}">` : '<script>'))
      expect(colourScheme.slice(0, colourScheme.indexOf('</script>'))).toContain('data-mantine-color-scheme')
    }
  })

  it('sends a static page with its text and its own title and description', async () => {
    const { res, html } = await page('/about')
    expect(res.statusCode).toBe(200)
    expect(rootOf(html)).toContain('About Us')
    expect(rootOf(html)).toContain('How credits work')
    expect(headOf(html)).toContain('<title>About Us | Promptly</title>')
    expect(headOf(html)).toMatch(/<meta name="description" content="What Promptly is[^"]*"/)
  })

  it('renders the page as nobody in particular: a signed-in visitor gets the same page', async () => {
    const account = await t.signUp()
    const signedOut = await page('/about')
    const signedIn = await t.app.inject({ method: 'GET', url: '/about', cookies: account.cookies })
    const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"|content="[A-Za-z0-9+/=]{24}"/g, '')
    expect(withoutNonce(signedIn.body)).toBe(withoutNonce(signedOut.html))
  })

  it('compresses the page for browsers that accept it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br, gzip' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.rawPayload.byteLength).toBeLessThan(Buffer.byteLength((await page('/')).html) / 4)
  })
})

describe('server-rendered tool pages', () => {
  it("sends a tool's page with its name, description, form, FAQ and related tools", async () => {
    const { res, html } = await page(X_BIO_URL)
    expect(res.statusCode).toBe(200)
    const root = rootOf(html)
    expect(root).toContain(`>${X_BIO.name}</h1>`)
    expect(root).toContain('Everything you need to know')
    expect(root).toContain('Related Tools')
    expect(root).toContain('Instagram Bio Generator')
    // The generator form's fields, labelled as on the page.
    expect(root).toContain('Who you are')
    expect(root).toMatch(/<button[^>]*type="submit"[^>]*>.*Generate/)
  })

  it("keeps controls that need the page's scripts inert or disabled: nothing typed or clicked is lost", async () => {
    const tags = (html: string, pattern: RegExp) =>
      (rootOf(html).match(/<(?:button|fieldset|select)[^>]*>/g) ?? []).filter((tag) => pattern.test(tag))
    const tool = (await page(X_BIO_URL)).html
    // The form's fields and the language pickers: inert (no focus, click or key) and marked disabled.
    const untilLive = [...tags(tool, /^<fieldset/), ...tags(tool, /^<select[^>]*aria-label="Language"/)]
    expect(tags(tool, /^<fieldset/)).not.toHaveLength(0)
    expect(tags(tool, /^<select[^>]*aria-label="Language"/)).not.toHaveLength(0)
    for (const tag of untilLive) {
      expect(tag).toMatch(/ inert=""/)
      expect(tag).toMatch(/ aria-disabled="true"/)
    }
    for (const tag of tags(tool, /type="submit"/)) expect(tag).toMatch(/ disabled=""/)
    const buys = tags((await page('/plan')).html, /aria-label="Buy /)
    expect(buys).not.toHaveLength(0)
    for (const tag of buys) expect(tag).toMatch(/ disabled=""/)
  })

  it('names the tool in its head: title, description, canonical, Open Graph and Twitter card, logo', async () => {
    const { html } = await page(`${X_BIO_URL}&reffered=someone`)
    const head = headOf(html)
    expect(head).toContain(`<title>${X_BIO.name} | Promptly</title>`)
    expect(head).toMatch(/<meta name="description" content="[^"]{20,}"/)
    // The canonical address drops what a share added (the referrer).
    expect(head).toContain(`<link rel="canonical" href="${APP_URL}${X_BIO_URL}"/>`)
    expect(head).toContain(`<meta property="og:title" content="${X_BIO.name}"/>`)
    expect(head).toContain(`<meta property="og:url" content="${APP_URL}${X_BIO_URL}"/>`)
    expect(head).toMatch(new RegExp(`<meta property="og:image" content="${APP_URL}/logos/[^"]+"/>`))
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image"/>')
    expect(head).toMatch(new RegExp(`<meta name="twitter:image" content="${APP_URL}/logos/[^"]+"/>`))
  })

  it.each([`/generate?id=00000000-0000-4000-8000-000000000000`, '/generate?id=not-a-tool'])(
    "answers %s with a 404 that says 'Tool not found'",
    async (url) => {
      const { res, html } = await page(url)
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      expect(rootOf(html)).toContain('Tool not found')
      expect(headOf(html)).toContain('<title>Tool not found | Promptly</title>')
    },
  )

  it("sends /plan with the plans' offers", async () => {
    const { res, html } = await page('/plan')
    expect(res.statusCode).toBe(200)
    const root = rootOf(html)
    expect(root).toContain('Choose a plan')
    expect(root).toContain('data-testid="plan-card-MONTHLY"')
    expect(root).toContain('$14.99')
    expect(headOf(html)).toContain('<title>Pricing | Promptly</title>')
  })
})

describe('sitemap and robots', () => {
  it('lists the public pages and every published tool, never a personal one', async () => {
    const owner = await t.signUp()
    const { id: personalId } = await t.trpc(owner).tools.personal.create.mutate(builderDraft())
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/xml/)
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/)
    expect(res.body).toContain(`<loc>${APP_URL}/</loc>`)
    expect(res.body).toContain(`<loc>${APP_URL}/about</loc>`)
    expect(res.body).toContain(`<loc>${APP_URL}/generate?id=${X_BIO.id}</loc>`)
    expect(res.body.match(/\/generate\?id=/g)?.length).toBeGreaterThan(40)
    expect(res.body).not.toContain(personalId)
    expect(res.body).not.toContain('/profile')
  })

  it('sends the sitemap compressed to browsers that accept it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { 'accept-encoding': 'br' } })
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers.vary).toMatch(/accept-encoding/i)
  })

  it('allows everything but the API and signed-in pages, and says where the sitemap is', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    const lines = res.body.split('\n')
    expect(lines).toContain('User-agent: *')
    expect(lines).toContain('Allow: /')
    for (const path of ['/api/', '/profile', '/admin', '/history', '/form'])
      expect(lines).toContain(`Disallow: ${path}`)
    expect(lines).toContain(`Sitemap: ${APP_URL}/sitemap.xml`)
  })
})
