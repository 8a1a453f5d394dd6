import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

import { useTestApp } from '../testing/use-test-app.ts'

const INDEX_HTML = '<!doctype html><title>Promptly</title>'
let webDir: string
const t = useTestApp(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'promptly-web-app-'))
  await mkdir(path.join(webDir, 'assets'))
  await writeFile(path.join(webDir, 'index.html'), INDEX_HTML)
  await writeFile(path.join(webDir, 'assets', 'app-1a2b3c.js'), 'console.log("app")')
  return { env: { WEB_DIST_DIR: webDir } }
})
afterAll(() => rm(webDir, { recursive: true, force: true }))

describe('serving the built web app', () => {
  it.each(['/', '/generate?id=abc', '/profile', '/history/deep/link', '/%70rofile'])(
    'answers the page %s with index.html, never cached',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/text\/html/)
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.body).toBe(INDEX_HTML)
    },
  )

  it('answers /index.html itself never cached: it names the assets of one build', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/index.html' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-cache')
  })

  it('serves hashed assets cached for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.body).toBe('console.log("app")')
  })

  it.each(['/assets/missing.js', '/favicon.png', '/%61ssets/missing.js'])(
    'answers the missing file %s with a 404, not the page',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ status: 'error', code: 'NOT_FOUND' })
    },
  )

  it.each(['/api/v1/nope', '/%61pi/v1/nope', '/api%2Fv1', '/trpc/nothing.here', '/%74rpc/nothing.here', '/%68ealth/x'])(
    'answers the unknown API path %s with a JSON 404, however it is spelled',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toMatch(/application\/json/)
      expect(res.body).not.toBe(INDEX_HTML)
    },
  )

  it('answers a POST to a page path with a JSON 404, not the page', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/profile' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ status: 'error', code: 'NOT_FOUND' })
  })
})

describe('the legacy unprefixed API paths', () => {
  it.each([
    ['GET', '/plans', 200],
    ['GET', '/plans/', 200],
    ['GET', '/%70lans', 200],
    ['GET', '/plans/history?clerkId=x', 401],
    ['POST', '/payment/create-checkout-session', 401],
    ['GET', '/user/get/all', 401],
    ['POST', '/admin/addCreditManual', 401],
    ['DELETE', '/templates/delete/1234', 401],
  ])('answers %s %s from the API in JSON (%i), never the page', async (method, url, status) => {
    const res = await t.app.inject({ method: method as 'GET', url })
    expect(res.statusCode).toBe(status)
    expect(res.headers['content-type']).toMatch(/application\/json/)
  })

  it.each([
    ['GET', '/plans/anything/deeper'],
    ['GET', '/payment/anything/deeper'],
    ['GET', '/admin/addCreditManual'],
    ['GET', '/templates/x'],
  ])('answers %s %s with the legacy JSON 404, never the page', async (method, url) => {
    const res = await t.app.inject({ method: method as 'GET', url })
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(res.json()).toEqual({ status: 'error', error: 'Not found', message: 'Not found', code: 'NOT_FOUND' })
  })

  it.each(['/admin', '/admin/', '/plan', '/planswer', '/administrator'])('still serves the page %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe(INDEX_HTML)
  })

  it('answers /limits and /bookmarks with the handlers of /api/v1: 401 signed out, the data signed in', async () => {
    const signedOut = await t.app.inject({ method: 'GET', url: '/bookmarks' })
    expect(signedOut.statusCode).toBe(401)
    expect(signedOut.json()).toMatchObject({ status: 'error', code: 'UNAUTHORIZED' })
    expect((await t.app.inject({ method: 'GET', url: '/limits' })).statusCode).toBe(401)

    const ada = await t.signUp({ name: 'Ada' })
    for (const path of ['/limits', '/bookmarks']) {
      const legacy = await t.app.inject({ method: 'GET', url: path, headers: ada.bearer })
      const prefixed = await t.app.inject({ method: 'GET', url: `/api/v1${path}`, headers: ada.bearer })
      expect(legacy.statusCode).toBe(200)
      expect(legacy.json()).toEqual(prefixed.json())
    }
    const toggle = await t.app.inject({ method: 'POST', url: '/bookmarks/add-remove/not-a-uuid', headers: ada.bearer })
    expect(toggle.statusCode).toBe(400)
    expect(toggle.json()).toMatchObject({ status: 'error', code: 'BAD_REQUEST' })
  })
})
