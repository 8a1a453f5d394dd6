import path from 'node:path'
import { describe, expect, it } from 'vitest'

import { REPO_ROOT } from '@promptly/db/repo-paths'

import { useTestApp } from '../testing/use-test-app.ts'

// The real builds of the web app: turbo builds them before this package's tests (turbo.json);
// TEST_WEB_DIST_DIR and TEST_WEB_SERVER_DIST_DIR name a private build instead.
const t = useTestApp({
  seed: true,
  listen: true,
  env: {
    WEB_DIST_DIR: path.resolve(REPO_ROOT, process.env.TEST_WEB_DIST_DIR ?? 'apps/web/dist'),
    WEB_SERVER_DIST_DIR: path.resolve(REPO_ROOT, process.env.TEST_WEB_SERVER_DIST_DIR ?? 'apps/web/dist-server'),
    APP_URL: 'https://promptly.example',
  },
})

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers })
  return { res, html: res.body }
}

/** The language picker's accessible name: the one text every page shows in its language. */
const pickerNamed = (name: string) => new RegExp(`<select aria-label="${name}"`)

describe('server-rendered pages in the visitor’s language', () => {
  it('renders in the browser’s language when it is one the portal speaks', async () => {
    const { res, html } = await page('/about', { 'accept-language': 'fr-FR, es;q=0.8, en;q=0.5' })
    expect(res.statusCode).toBe(200)
    expect(html).toContain('<html lang="es" dir="ltr"')
    expect(html).toMatch(pickerNamed('Idioma'))
    // Its texts' chunks are preloaded, so hydration does not wait on a second round trip.
    expect(html).toMatch(/"\/assets\/es-[\w-]+\.js"/)
    expect(html).toMatch(/"\/assets\/es-info-[\w-]+\.js"/)
    // Shared caches must keep one copy per language.
    expect(res.headers.vary).toMatch(/accept-language/i)
    expect(res.headers.vary).toMatch(/cookie/i)
  })

  it('preloads the texts of the page’s own area, and the home page only the everyday ones', async () => {
    const plan = await page('/plan', { 'accept-language': 'es' })
    expect(plan.html).toMatch(/"\/assets\/es-account-[\w-]+\.js"/)
    expect(plan.html).not.toMatch(/"\/assets\/es-generator-[\w-]+\.js"/)
    const tool = await page('/generate?id=218151ba-48d6-8f2d-9029-77dd78f93fcb', { 'accept-language': 'hi' })
    expect(tool.html).toMatch(/"\/assets\/hi-generator-[\w-]+\.js"/)
    const home = await page('/', { 'accept-language': 'es' })
    expect(home.html).toMatch(/"\/assets\/es-[\w-]+\.js"/)
    expect(home.html).not.toMatch(/"\/assets\/es-(generator|account|info|admin)-[\w-]+\.js"/)
  })

  it('prefers the remembered choice, and lays a right-to-left language out mirrored', async () => {
    const { html } = await page('/', { 'accept-language': 'es', cookie: 'lang=ar' })
    expect(html).toContain('<html lang="ar" dir="rtl"')
    expect(html).toMatch(pickerNamed('اللغة'))
  })

  it('keeps a rendered page per language: English after Spanish is still English', async () => {
    await page('/plan', { 'accept-language': 'es' })
    const english = await page('/plan', { 'accept-language': 'en-GB' })
    expect(english.html).toContain('<html lang="en" dir="ltr"')
    expect(english.html).toMatch(pickerNamed('Language'))
    const fallback = await page('/plan', { 'accept-language': 'de, fr' })
    expect(fallback.html).toContain('<html lang="en" dir="ltr"')
  })
})
