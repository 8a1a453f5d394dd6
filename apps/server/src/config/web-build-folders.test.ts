import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

import type { WebBuildMode } from '@promptly/core/web/web-build-mode'

import { resolveConfig } from './app-config.ts'
import { parseEnv } from './env.ts'
import { UnservableWebBuildError } from './web-build-folders.ts'

// A session secret keeps resolveConfig from writing one into the data folder.
const base = { SESSION_SECRET: 'x'.repeat(32), DATA_DIR: '/nonexistent/promptly-config-test' }

const repos: string[] = []
afterEach(() => Promise.all(repos.splice(0).map((dir) => rm(dir, { recursive: true, force: true }))))

/** A repository root holding, under apps/web, the folders given: each a build of that mode, or unstamped. */
async function repoWith(folders: Record<string, WebBuildMode | 'unstamped'>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'promptly-web-build-'))
  repos.push(root)
  for (const [folder, stamp] of Object.entries(folders)) {
    const dir = path.join(root, 'apps/web', folder)
    await mkdir(dir, { recursive: true })
    const entry = folder.endsWith('server') ? 'render-page.js' : 'index.html'
    await writeFile(path.join(dir, entry), entry === 'index.html' ? '<!doctype html>' : 'export {}')
    if (stamp !== 'unstamped') await writeFile(path.join(dir, 'build-stamp.json'), JSON.stringify({ mode: stamp }))
  }
  return root
}

const configIn = (repoRoot: string, env: Record<string, string>) =>
  resolveConfig(parseEnv({ ...base, ...env }), repoRoot)

/** The refusal resolveConfig throws, or a failure when it throws none. */
function refusalOf(start: () => unknown): UnservableWebBuildError {
  try {
    start()
  } catch (error) {
    if (error instanceof UnservableWebBuildError) return error
    throw error
  }
  throw new Error('expected the server to refuse to start')
}

describe('the web build a server serves', () => {
  it.each([
    [{}, 'dist', 'dist-server'],
    [{ NODE_ENV: 'production' }, 'dist', 'dist-server'],
    [{ NODE_ENV: 'test' }, 'dist', 'dist-server'],
    [{ NODE_ENV: 'development' }, 'dist-dev', 'dist-dev-server'],
  ])('is, with %j, the build `npm run build` makes there: apps/web/%s and %s', async (env, client, server) => {
    const root = await repoWith({})
    const config = configIn(root, env)
    expect(config.webDistDir).toBe(path.join(root, 'apps/web', client))
    expect(config.webServerDistDir).toBe(path.join(root, 'apps/web', server))
  })

  it('is WEB_DIST_DIR and WEB_SERVER_DIST_DIR when they are set, whatever NODE_ENV says', async () => {
    const root = await repoWith({ 'dist-mine': 'development', 'dist-mine-server': 'development' })
    const config = configIn(root, {
      NODE_ENV: 'development',
      WEB_DIST_DIR: 'apps/web/dist-mine',
      WEB_SERVER_DIST_DIR: 'apps/web/dist-mine-server',
    })
    expect(config.webDistDir).toBe(path.join(root, 'apps/web/dist-mine'))
    expect(config.webServerDistDir).toBe(path.join(root, 'apps/web/dist-mine-server'))
  })
})

describe('a production server on a development build', () => {
  it('refuses to start, in one line naming the folder and the command that builds for production', async () => {
    const root = await repoWith({ 'dist-dev': 'development', 'dist-dev-server': 'development' })
    const refusal = refusalOf(() =>
      configIn(root, {
        NODE_ENV: 'production',
        WEB_DIST_DIR: 'apps/web/dist-dev',
        WEB_SERVER_DIST_DIR: 'apps/web/dist-dev-server',
      }),
    )
    expect(refusal.message).not.toContain('\n')
    expect(refusal.message).toContain(path.join(root, 'apps/web/dist-dev'))
    expect(refusal.message).toContain('is a development build')
    expect(refusal.message).toContain('`NODE_ENV=production npm run build`')
  })

  it('refuses a build without a stamp: nothing says it is a production build', async () => {
    const root = await repoWith({ dist: 'unstamped', 'dist-server': 'production' })
    const refusal = refusalOf(() => configIn(root, { NODE_ENV: 'production' }))
    expect(refusal.message).toContain(`${path.join(root, 'apps/web/dist')} has no valid build-stamp.json`)
  })

  it('refuses a development server build beside a production browser build', async () => {
    const root = await repoWith({ dist: 'production', 'dist-server': 'development' })
    const refusal = refusalOf(() => configIn(root, { NODE_ENV: 'production' }))
    expect(refusal.message).toContain(`${path.join(root, 'apps/web/dist-server')} is a development build`)
  })

  it('refuses a stamp it cannot read rather than guess', async () => {
    const root = await repoWith({ dist: 'unstamped' })
    await writeFile(path.join(root, 'apps/web/dist/build-stamp.json'), '{"mode":"prod')
    expect(refusalOf(() => configIn(root, { NODE_ENV: 'production' })).message).toContain('no valid build-stamp.json')
  })
})

describe('a server that may start', () => {
  it('starts in production on a production build', async () => {
    const root = await repoWith({ dist: 'production', 'dist-server': 'production', 'dist-dev': 'development' })
    expect(configIn(root, { NODE_ENV: 'production' }).webDistDir).toBe(path.join(root, 'apps/web/dist'))
  })

  it('starts in production without a web build, serving the API alone as before', async () => {
    const root = await repoWith({})
    expect(() => configIn(root, { NODE_ENV: 'production' })).not.toThrow()
  })

  it("starts in production on a hand-written renderer without a stamp: only Vite's builds are stamped", async () => {
    const root = await repoWith({ dist: 'production', 'dist-server': 'unstamped' })
    expect(() => configIn(root, { NODE_ENV: 'production' })).not.toThrow()
  })

  it.each(['development', 'test'])(
    'starts with NODE_ENV=%s on either build: React runs both there',
    async (nodeEnv) => {
      const root = await repoWith({ 'dist-dev': 'development', dist: 'unstamped' })
      expect(() => configIn(root, { NODE_ENV: nodeEnv, WEB_DIST_DIR: 'apps/web/dist-dev' })).not.toThrow()
      expect(() => configIn(root, { NODE_ENV: nodeEnv, WEB_DIST_DIR: 'apps/web/dist' })).not.toThrow()
    },
  )
})
