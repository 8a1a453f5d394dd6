import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test'

import { createVerifiedAccount } from '../support/accounts.ts'

/**
 * What a script's own site does with the answers of the legacy REST API: it generates media with an
 * API key, then shows them (and a tool's logo) on a page of its own origin to visitors who have no
 * account. The URLs must load there: no cookie, another origin, nothing but the URL.
 */

/** A page on another origin: a real loopback server (a page.route page may not reach loopback). */
async function serveElsewhere(html: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')

/** A personal API key, made with the session of `page`, as the profile's API keys section does. */
async function apiKeyFor(page: Page): Promise<string> {
  const created = await page.request.post('/api/v1/keys', {
    data: { name: 'Partner site', scopes: ['read', 'generate'] },
  })
  expect(created.status(), await created.text()).toBe(201)
  return ((await created.json()) as { data: { key: string } }).data.key
}

async function dataOf<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(response.status(), await response.text()).toBe(200)
  return ((await response.json()) as { data: T }).data
}

/** The share URL of one image a script generated. */
async function generateImage(script: APIRequestContext, prompt: string): Promise<string> {
  const [url] = await dataOf<string[]>(
    await script.post('/api/v1/response/image', { data: { prompt, n: 1, quality: 'standard' } }),
  )
  return url!
}

const test = base.extend<{ script: APIRequestContext }>({
  // A script of a verified account: its API key and nothing else (no cookie jar shared with a browser).
  script: async ({ page, playwright, baseURL }, use) => {
    await createVerifiedAccount(page)
    const key = await apiKeyFor(page)
    const script = await playwright.request.newContext({
      baseURL: baseURL!,
      extraHTTPHeaders: { authorization: `Bearer ${key}` },
    })
    await use(script)
    await script.dispose()
  },
})

test('a page on another origin shows generated images and logos and plays audio, with no credentials', async ({
  script,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const imageUrl = await generateImage(script, 'A red kite')
  const audioUrl = await dataOf<string>(
    await script.post('/api/v2/response/speech', { data: { input: 'Hello from a partner site.', voice: 'nova' } }),
  )
  const catalogue = await script.get('/api/v1/objects/getObjectByLabel/All%20Tools')
  const logoUrl = ((await catalogue.json()) as { message: Array<{ logo: string }> }).message[0]!.logo
  for (const url of [imageUrl, audioUrl, logoUrl]) expect(new URL(url).origin).toBe(new URL(baseURL!).origin)

  const elsewhere = await serveElsewhere(`<!doctype html>
<title>Partner site</title>
<img id="image" alt="" src="${attribute(imageUrl)}">
<img id="logo" alt="" src="${attribute(logoUrl)}">
<audio id="audio" preload="auto" oncanplay="window.audioCanPlay = true" src="${attribute(audioUrl)}"></audio>`)
  // A visitor of that site: a browser that never signed in to the portal.
  const visitor = await (await browser.newContext()).newPage()
  try {
    const failed: string[] = []
    const credentialed: string[] = []
    visitor.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText}`))
    visitor.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.url()} ${response.status()}`)
    })
    visitor.on('request', (request) => {
      const headers = request.headers()
      if (headers.cookie || headers.authorization) credentialed.push(request.url())
    })

    await visitor.goto(elsewhere.origin)
    for (const id of ['image', 'logo']) {
      await expect
        .poll(() => visitor.locator(`#${id}`).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
          message: `#${id} loads`,
        })
        .toBeGreaterThan(0)
    }
    await expect
      .poll(() => visitor.evaluate(() => (window as { audioCanPlay?: boolean }).audioCanPlay === true))
      .toBe(true)
    const duration = await visitor.locator('#audio').evaluate((audio: HTMLAudioElement) => audio.duration)
    expect(duration).toBeGreaterThan(0)
    expect(failed).toEqual([])
    expect(credentialed).toEqual([])
  } finally {
    await visitor.context().close()
    await elsewhere.close()
  }
})

test('a share URL with an altered signature does not load elsewhere', async ({ script, browser }) => {
  const altered = new URL(await generateImage(script, 'A blue kite'))
  const sig = altered.searchParams.get('sig')!
  altered.searchParams.set('sig', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`)

  const elsewhere = await serveElsewhere(`<!doctype html>
<title>Partner site</title>
<img id="image" alt="" onerror="window.imageFailed = true" src="${attribute(altered.href)}">`)
  const visitor = await (await browser.newContext()).newPage()
  try {
    await visitor.goto(elsewhere.origin)
    await expect
      .poll(() => visitor.evaluate(() => (window as { imageFailed?: boolean }).imageFailed === true))
      .toBe(true)
    expect(await visitor.locator('#image').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(0)
  } finally {
    await visitor.context().close()
    await elsewhere.close()
  }
})
