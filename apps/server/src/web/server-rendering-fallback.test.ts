import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'

import { REPO_ROOT } from '@promptly/db/repo-paths'

import { useTestApp } from '../testing/use-test-app.ts'

// The real client build (TEST_WEB_DIST_DIR names a private one), with a server build whose render
// always fails.
const WEB_DIST_DIR = path.resolve(REPO_ROOT, process.env.TEST_WEB_DIST_DIR ?? 'apps/web/dist')
const logs: string[] = []
const logStream = new PassThrough().on('data', (line: Buffer) => logs.push(line.toString('utf8')))
let brokenServerDir: string

const t = useTestApp(async () => {
  brokenServerDir = await mkdtemp(path.join(tmpdir(), 'promptly-broken-ssr-'))
  await writeFile(
    path.join(brokenServerDir, 'render-page.js'),
    'export async function renderPage() { throw new Error("the render broke") }\n',
  )
  return { env: { WEB_DIST_DIR, WEB_SERVER_DIST_DIR: brokenServerDir, LOG_LEVEL: 'error' }, logStream }
})
afterAll(() => rm(brokenServerDir, { recursive: true, force: true }))

describe('a page the server fails to render', () => {
  it('still works: the client-rendered index.html, no error page, and the failure logged', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/about' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.body).toContain('<div id="root"></div>')
    expect(res.body).not.toContain('the render broke')
    expect(logs.join('')).toContain('server rendering failed')
    expect(logs.join('')).toContain('the render broke')
  })
})
