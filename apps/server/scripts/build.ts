import { copyFileSync, existsSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

import { buildPGliteDataTemplate, PGLITE_TEMPLATE_FOLDER } from '@promptly/db/pglite-data-template'

// Bundles the server and the workspace packages it imports (TypeScript sources) into main.js and the
// chunks it loads on demand (below); everything from node_modules stays external and is loaded at run
// time. SERVER_OUTFILE builds a second copy beside it (say dist-mine/main.js, at the same depth, so the
// repository root and node_modules resolve alike) for browser tests of work in progress next to the
// shared build.
const outfile = process.env.SERVER_OUTFILE ?? 'dist/main.js'
const outdir = path.dirname(outfile)

// Split at each `await import()`: what the server loads only when a setting asks for it (OpenTelemetry,
// prom-client, Clerk's SDK) is a chunk of its own, loaded then. In a single file esbuild lifts those
// modules' imports of packages to its top, and every start would load them. The last build's chunks
// (named by their content) are removed first.
const CHUNK_FILE = /^chunk-\w+\.js(\.map)?$/
if (existsSync(outdir))
  for (const file of readdirSync(outdir)) if (CHUNK_FILE.test(file)) rmSync(path.join(outdir, file))

// The database a first start on PGlite copies instead of running initdb (packages/db's
// pglite-data-template.ts). Made here, while esbuild bundles (PGlite works on this thread, esbuild on
// its own), because turbo runs this build beside the web app's, which takes longer: on a machine with
// a core to spare it costs `npm start` little, and the first start saves initdb.
const template = buildPGliteDataTemplate(path.join(outdir, PGLITE_TEMPLATE_FOLDER))
// Awaited at the end, where a failure fails the build; until then it must not count as unhandled.
template.catch(() => undefined)

await build({
  entryPoints: { [path.basename(outfile, '.js')]: 'src/main.ts' },
  outdir,
  splitting: true,
  chunkNames: 'chunk-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalise-node-modules',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@promptly/') ? undefined : { path: args.path, external: true },
        )
      },
    },
  ],
})

// Files the server reads beside its own module at start-up (`new URL(file, import.meta.url)`), which
// the bundle does not hold: the script loader every server-rendered page carries, sent byte for byte.
for (const file of ['src/web/after-first-paint.js']) {
  copyFileSync(file, path.join(outdir, path.basename(file)))
}

await template
