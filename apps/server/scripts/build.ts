import { copyFileSync, existsSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

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
