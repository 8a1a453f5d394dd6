import { build } from 'esbuild'

// Bundles the server and the workspace packages it imports (TypeScript sources) into one file;
// everything from node_modules stays external and is loaded at run time.
await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
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
