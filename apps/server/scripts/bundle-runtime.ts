import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'

import { BUILD_STAMP_FILE, buildStampSchema } from '@promptly/core/web/web-build-mode'
import { REPO_ROOT } from '@promptly/db/repo-paths'

import { placeTree, type PlacedFiles } from '../src/packaging/place-files.ts'
import { productionPackages, type LockedPackages } from '../src/packaging/production-packages.ts'

/**
 * `npm run bundle [-- <folder>] [--link]`: the server as one self-contained folder (default
 * dist-bundle/ at the repository root), the runtime stage of the Dockerfile and what an operator
 * copies to a machine with Node: `node apps/server/dist/main.js` inside it. It holds the builds
 * (`npm run bundle` builds first), the committed migrations and the production node_modules, laid
 * out as in the repository, so the server finds them from its own file as it does in the repository.
 * Nothing else: no sources, no development dependencies, no workspace packages (the builds hold them).
 * The seed data needs no file: esbuild bundles the JSON into main.js.
 *
 * node_modules comes from the installed tree (`npm ci` made it from the lockfile), not from a second
 * install: the lockfile says which packages the apps load at run time, and those are copied into place.
 * `--link` hard-links them instead, in a moment and without the space, for a bundle that is used and
 * thrown away (the smoke test's): a file changed in place in the repository's node_modules would
 * change in the bundle too. docs/container-image.md has the measurements behind these choices.
 */

/** The apps whose builds run from the bundle, and so whose production dependencies it holds. */
const APPS = ['apps/server', 'apps/web'] as const

/**
 * Everything the server reads at run time besides node_modules, relative to the root: its build
 * (with after-first-paint.js, which it reads beside main.js), the web app's two builds (the browser's,
 * with .vite/manifest.json, and render-page.js for server-rendered pages), and the migrations it applies.
 */
const BUILT_FOLDERS = ['apps/server/dist', 'apps/web/dist', 'apps/web/dist-server', 'prisma/migrations'] as const

/** Written last; a folder that has it may be replaced by the next bundle, any other non-empty one is refused. */
const BUNDLE_MANIFEST = 'runtime-bundle.json'

const rootManifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  engines?: Record<string, string>
}

/**
 * The bundle's package.json files. The root one declares workspaces because that is how the server
 * finds its root (packages/db/src/repo-paths.ts); the apps' say their builds are ES modules.
 */
const MANIFESTS: Record<string, object> = {
  'package.json': {
    name: 'promptly-runtime',
    private: true,
    type: 'module',
    workspaces: ['apps/*'],
    engines: rootManifest.engines,
    scripts: { start: 'node --enable-source-maps apps/server/dist/main.js' },
  },
  'apps/server/package.json': { name: '@promptly/server', private: true, type: 'module' },
  'apps/web/package.json': { name: '@promptly/web', private: true, type: 'module' },
}

function main(): void {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { link: { type: 'boolean' } } })
  // npm runs the script from the root; a relative folder is meant from where the command was typed.
  const typedFrom = process.env.INIT_CWD ?? process.cwd()
  const outDir = path.resolve(typedFrom, positionals[0] ?? path.join(REPO_ROOT, 'dist-bundle'))
  const startedAt = performance.now()
  checkBuilds()
  emptyOutputFolder(outDir)

  // Always copied: a rebuild writes its files in place, and would rewrite a linked bundle's.
  const builds: PlacedFiles = { files: 0, bytes: 0, placement: 'copy' }
  for (const folder of BUILT_FOLDERS) placeTree(path.join(REPO_ROOT, folder), path.join(outDir, folder), builds)
  for (const [file, manifest] of Object.entries(MANIFESTS)) {
    writeFileSync(path.join(outDir, file), `${JSON.stringify(manifest, null, 2)}\n`)
  }
  const modules: PlacedFiles = { files: 0, bytes: 0, placement: values.link ? 'link' : 'copy' }
  const packages = placeProductionPackages(outDir, modules)
  // What it holds, for an operator's audit, and what it was made on: sharp's and argon2's binaries are per platform.
  const manifest = { platform: `${process.platform}-${process.arch}`, builtWith: process.version, packages }
  writeFileSync(path.join(outDir, BUNDLE_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`)

  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1)
  process.stdout.write(
    `Runtime bundle in ${outDir}, ${seconds} s: ${builds.files + modules.files} files, ` +
      `${mb(builds.bytes + modules.bytes)} (builds and migrations: ${builds.files} files, ${mb(builds.bytes)}; ` +
      `node_modules: ${Object.keys(packages).length} packages, ${modules.files} files, ${mb(modules.bytes)}, ` +
      `${modules.placement === 'link' ? 'hard-linked' : 'copied'})\n`,
  )
}

/** Refuses to bundle a missing or development build: a production server would not serve it. */
function checkBuilds(): void {
  if (process.env.NODE_ENV === 'development') {
    throw new Error('NODE_ENV=development builds the development web app, which the bundle does not hold: unset it')
  }
  const missing = (file: string) => !existsSync(path.join(REPO_ROOT, file))
  if (missing('apps/server/dist/main.js')) throw new Error('No server build: run `npm run build` first')
  for (const [folder, entry] of [
    ['apps/web/dist', 'index.html'],
    ['apps/web/dist-server', 'render-page.js'],
  ] as const) {
    if (missing(path.join(folder, entry))) throw new Error(`No web build in ${folder}: run \`npm run build\` first`)
    const stamp = buildStampSchema.safeParse(
      JSON.parse(readFileSync(path.join(REPO_ROOT, folder, BUILD_STAMP_FILE), 'utf8')),
    )
    if (!stamp.success || stamp.data.mode !== 'production') {
      throw new Error(`${folder} is not a production build: run \`npm run build\` without NODE_ENV=development`)
    }
  }
  const migrations = readdirSync(path.join(REPO_ROOT, 'prisma/migrations'), { withFileTypes: true })
  if (!migrations.some((entry) => entry.isDirectory() && !missing(`prisma/migrations/${entry.name}/migration.sql`))) {
    throw new Error('No migrations in prisma/migrations')
  }
}

/** Replaces an earlier bundle; refuses any other folder with something in it (a mistyped path). */
function emptyOutputFolder(outDir: string): void {
  if (existsSync(outDir) && readdirSync(outDir).length > 0) {
    if (!existsSync(path.join(outDir, BUNDLE_MANIFEST))) {
      throw new Error(`${outDir} is not empty and holds no runtime bundle (${BUNDLE_MANIFEST}): not replacing it`)
    }
    rmSync(outDir, { recursive: true })
  }
  mkdirSync(outDir, { recursive: true })
}

/** Places each production package from the installed tree; their locations and versions, for the manifest. */
function placeProductionPackages(outDir: string, placed: PlacedFiles): Record<string, string> {
  const lock = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
    packages: LockedPackages
  }
  const packages: Record<string, string> = {}
  for (const { location, version, optional } of productionPackages(lock.packages, APPS)) {
    const source = path.join(REPO_ROOT, location)
    const manifest = path.join(source, 'package.json')
    if (!existsSync(manifest)) {
      // Another platform's binary (sharp's, argon2's): npm installs only this machine's.
      if (optional) continue
      throw new Error(`${location} is not installed: run \`npm ci\` first`)
    }
    const installed = (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version
    if (installed !== version) {
      throw new Error(`${location} is ${installed} but the lockfile says ${version}: run \`npm ci\` first`)
    }
    placeTree(source, path.join(outDir, location), placed, { withoutNodeModules: true })
    packages[location] = version
  }
  return packages
}

try {
  main()
} catch (error) {
  // A missing build or install is the operator's to fix: the problem in one line, no stack.
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
