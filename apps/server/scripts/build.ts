import { copyFileSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

// Bundles the server and the workspace packages it imports (TypeScript sources) into one file;
// everything from node_modules stays external and is loaded at run time. SERVER_OUTFILE builds a
// second copy beside it (say dist-mine/main.js, at the same depth, so the repository root and
// node_modules resolve alike) for browser tests of work in progress next to the shared build.
const outfile = process.env.SERVER_OUTFILE ?? 'dist/main.js'

await build({
  entryPoints: ['src/main.ts'],
  outfile,
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
  copyFileSync(file, path.join(path.dirname(outfile), path.basename(file)))
}
