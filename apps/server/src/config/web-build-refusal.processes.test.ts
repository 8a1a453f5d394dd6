import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startServerProcesses, stopServerProcesses } from '../testing/server-processes.ts'

let workDir: string
beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'promptly-web-build-refusal-'))
  // What `NODE_ENV=development npm run build` leaves in apps/web/dist-dev and dist-dev-server.
  for (const [folder, entry] of [
    ['web', 'index.html'],
    ['web-server', 'render-page.js'],
  ] as const) {
    await mkdir(path.join(workDir, folder))
    await writeFile(path.join(workDir, folder, entry), '')
    await writeFile(path.join(workDir, folder, 'build-stamp.json'), '{"mode":"development"}\n')
  }
})
afterAll(() => rm(workDir, { recursive: true, force: true }))

describe('the built server started directly on a development web build', () => {
  it('refuses with NODE_ENV=production: exit code 1 and one line, before it touches the database', async () => {
    const start = startServerProcesses({
      count: 1,
      env: {
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(32),
        DATA_DIR: path.join(workDir, 'data'),
        WEB_DIST_DIR: path.join(workDir, 'web'),
        WEB_SERVER_DIST_DIR: path.join(workDir, 'web-server'),
      },
    })
    const failure = await start.then(
      async (started) => {
        await stopServerProcesses(started)
        throw new Error('the server started on a development build')
      },
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    )
    expect(failure).toContain('exited ({"code":1,"signal":null})')
    const output = failure.slice(failure.indexOf('Its output:\n') + 'Its output:\n'.length)
    expect(output.split('\n')).toEqual([
      `Refusing to start: the web build in ${path.join(workDir, 'web')} is a development build (its ` +
        'build-stamp.json says so), and a production server serves only a production build. Build one with ' +
        '`NODE_ENV=production npm run build` (or point WEB_DIST_DIR and WEB_SERVER_DIST_DIR at one), then start again.',
    ])
    expect(existsSync(path.join(workDir, 'data'))).toBe(false)
  })
})
