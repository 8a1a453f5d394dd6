// @vitest-environment node
import { readFileSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { describe, expect, it } from 'vitest'

import { serverRenderBundledPackage } from './server-render-bundled-packages.ts'

const WEB_ROOT = fileURLToPath(new URL('..', import.meta.url))
const REPO_ROOT = path.resolve(WEB_ROOT, '../..')

interface LockedPackage {
  dev?: boolean
  link?: boolean
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
}
const lock = (
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockedPackage>
  }
).packages

const nameAt = (location: string) => location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length)
const bundled = (name: string) => serverRenderBundledPackage.test(name)
/** The installed packages something runs in production (the lockfile marks the others `dev`). */
const installed = Object.entries(lock).filter(([location, entry]) => location.includes('node_modules/') && !entry.dev)
/** Our own packages the server runs: apps/server and the workspace packages it bundles. */
const serverWorkspaces = Object.entries(lock).filter(
  ([location]) => location === 'apps/server' || location.startsWith('packages/'),
)

/** React and its own: one copy for every component, whether its package is bundled or not. */
const REACT = ['react', 'react-dom', 'scheduler']
/** Dependencies of bundled packages that stay external: why each, beside it. */
const EXTERNAL_DEPENDENCIES = new Set([
  // prop-types' (bundled with react-transition-group), and a peer of recharts, which stays external.
  'react-is',
])

describe('the packages bundled into the server build', () => {
  it('leave React to node_modules, and whatever the server itself imports', () => {
    const serverImports = serverWorkspaces.flatMap(([, entry]) => Object.keys(entry.dependencies ?? {}))
    expect(serverImports).toContain('@trpc/client')
    expect([...REACT, ...serverImports].filter(bundled)).toEqual([])
  })

  it('bring along what they depend on, so Node loads none of it at start-up', () => {
    const missing = installed
      .filter(([location]) => bundled(nameAt(location)))
      .flatMap(([location, entry]) =>
        Object.keys(entry.dependencies ?? {})
          .filter((name) => !bundled(name) && !EXTERNAL_DEPENDENCIES.has(name))
          .map((name) => `${nameAt(location)} -> ${name}`),
      )
    expect(missing).toEqual([])
  })

  it('include every package that takes one of them as a peer: it needs the same copy', () => {
    // @trpc/tanstack-react-query left out would import node_modules' query cache, not the bundled
    // one the page's QueryClientProvider is from, and find no client.
    const peersOfBundled = installed
      .filter(([location]) => !bundled(nameAt(location)))
      .flatMap(([location, entry]) =>
        Object.keys(entry.peerDependencies ?? {})
          .filter((peer) => bundled(peer) && entry.peerDependenciesMeta?.[peer]?.optional !== true)
          .map((peer) => `${nameAt(location)} takes ${peer}`),
      )
    expect(peersOfBundled).toEqual([])
  })

  it('are bundled by Vite as the server build makes them, React imported from node_modules', async () => {
    // In apps/web, where Node finds the packages, as it does for src/ssr/render-page.tsx.
    const dir = await mkdtemp(path.join(WEB_ROOT, 'dist-bundled-packages-test-'))
    try {
      const entry = path.join(dir, 'entry.js')
      await writeFile(
        entry,
        [
          "import { createElement } from 'react'",
          "import { renderToString } from 'react-dom/server'",
          "import { QueryClient, QueryClientProvider } from '@tanstack/react-query'",
          "import { createTRPCContext } from '@trpc/tanstack-react-query'",
          "import { VisuallyHidden, MantineProvider } from '@mantine/core'",
          'export const providers = [QueryClient, QueryClientProvider, createTRPCContext]',
          "const page = createElement(MantineProvider, null, createElement(VisuallyHidden, null, 'hi'))",
          'export const render = () => renderToString(page)',
        ].join('\n'),
      )
      await build({
        configFile: false,
        logLevel: 'silent',
        root: dir,
        ssr: { noExternal: [serverRenderBundledPackage] },
        build: { ssr: entry, outDir: path.join(dir, 'out'), rolldownOptions: { output: { codeSplitting: false } } },
      })
      const output = await readFile(path.join(dir, 'out', 'entry.js'), 'utf8')
      const specifiers = [...output.matchAll(/^import (?:.*? from )?"([^"]+)";?$/gm)].map((match) => match[1] ?? '')
      const packages = new Set(specifiers.map((specifier) => /^(@[^/]+\/)?[^/]+/.exec(specifier)?.[0]))
      expect([...packages].sort()).toEqual(['@trpc/client', '@trpc/server', 'react', 'react-dom'])
      const built = (await import(path.join(dir, 'out', 'entry.js'))) as { render: () => string }
      expect(built.render()).toContain('hi')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
