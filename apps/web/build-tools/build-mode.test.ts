// @vitest-environment node
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import react from '@vitejs/plugin-react'
import { build, type ConfigEnv, type UserConfig } from 'vite'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { WebBuildMode } from '../../../packages/core/src/web/web-build-mode.ts'
import { buildMode } from './build-mode.ts'

const dirs: string[] = []
afterEach(async () => {
  vi.unstubAllEnvs()
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

/** Builds a one-component app with React's plugin and this one, as `NODE_ENV=<nodeEnv> vite build` would. */
async function buildApp(nodeEnv: string, mode: WebBuildMode): Promise<{ stamp: unknown; code: string }> {
  const root = await mkdtemp(path.join(tmpdir(), 'promptly-build-mode-'))
  dirs.push(root)
  await writeFile(
    path.join(root, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="/main.jsx"></script>',
  )
  await writeFile(path.join(root, 'main.jsx'), 'export const Greeting = () => <p>Hello</p>\nconsole.warn(<Greeting />)')
  const outDir = path.join(root, 'out')
  vi.stubEnv('NODE_ENV', nodeEnv)
  await build({
    root,
    logLevel: 'silent',
    configFile: false,
    plugins: [react(), buildMode(mode)],
    // React stays an import: which runtime the JSX was compiled for (jsx-dev-runtime or jsx-runtime) is what counts.
    build: { outDir, rolldownOptions: { external: [/^react(\/|$)/] } },
  })
  const scripts = (await readdir(path.join(outDir, 'assets'))).filter((file) => file.endsWith('.js'))
  const code = (await Promise.all(scripts.map((file) => readFile(path.join(outDir, 'assets', file), 'utf8')))).join()
  return { stamp: JSON.parse(await readFile(path.join(outDir, 'build-stamp.json'), 'utf8')), code }
}

describe('the build-mode plugin in a Vite build', () => {
  it("stamps a development build development: React's development JSX (jsxDEV) is in it", async () => {
    const built = await buildApp('development', 'development')
    expect(built.stamp).toEqual({ mode: 'development' })
    expect(built.code).toContain('jsxDEV')
  })

  it('makes and stamps a production build, even where NODE_ENV said test', async () => {
    const built = await buildApp('test', 'production')
    expect(built.stamp).toEqual({ mode: 'production' })
    expect(built.code).not.toContain('jsxDEV')
  })

  it('fails a build Vite makes in the other mode rather than stamp it wrongly', async () => {
    await expect(buildApp('production', 'development')).rejects.toThrow(
      /making a production build where a development one belongs/,
    )
  })
})

describe('vite.config.ts', () => {
  /** The output folder `vite build` (or `vite build --ssr`) writes to with NODE_ENV as given. */
  async function outDirOf(nodeEnv: string, ssr: boolean): Promise<string | undefined> {
    vi.stubEnv('NODE_ENV', nodeEnv)
    // The config reads NODE_ENV when it is loaded, as Vite loads it: afresh for each build.
    vi.resetModules()
    const { default: config } = (await import('../vite.config.ts')) as { default: (env: ConfigEnv) => UserConfig }
    return config({ command: 'build', mode: 'production', isSsrBuild: ssr }).build?.outDir
  }

  it('puts development builds in folders of their own, never where production ones are served from', async () => {
    expect([await outDirOf('production', false), await outDirOf('production', true)]).toEqual(['dist', 'dist-server'])
    expect([await outDirOf('development', false), await outDirOf('development', true)]).toEqual([
      'dist-dev',
      'dist-dev-server',
    ])
  })
})
