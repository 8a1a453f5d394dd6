import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

import { WEB_BUILD_FOLDERS, webBuildModeFor } from '../../packages/core/src/web/web-build-mode.ts'
import { buildMode } from './build-tools/build-mode.ts'
import { precompress } from './build-tools/precompress.ts'
import { serverRenderBundledPackage } from './build-tools/server-render-bundled-packages.ts'
import { stableMantineIds } from './build-tools/stable-mantine-ids.ts'
import { mantineComponentStyles } from './scripts/mantine-component-styles.ts'

/** Modules every page needs: React, the router, the query cache and the API client. */
const FRAMEWORK_PACKAGES = [
  ...['react', 'react-dom', 'scheduler', '@tanstack', '@trpc'],
  ...['superjson', 'copy-anything', 'is-what', 'use-sync-external-store'],
]
const FRAMEWORK_MODULE = new RegExp(String.raw`node_modules[\\/](${FRAMEWORK_PACKAGES.join('|')})[\\/]`)
/**
 * ...except mutations: only signed-in actions (bookmarks) use them, never the first paint; and the
 * tool-builder's navigation blocker with the store selector it brings.
 */
const LAZY_FRAMEWORK_FILES = [
  ...['mutationObserver', 'useMutation', 'useMutationState'],
  ...['useBlocker', 'with-selector', String.raw`use-sync-external-store-with-selector\.production`],
]
const LAZY_FRAMEWORK_MODULE = new RegExp(String.raw`[\\/](${LAZY_FRAMEWORK_FILES.join('|')})\.js$`)
/**
 * ...and taking over a server-rendered page (the router's state decoder, the query cache's hydrate):
 * src/ssr/hydrate-page.ts loads them, preloaded with the server's HTML, which paints without them.
 */
const HYDRATION_MODULE = new RegExp(
  String.raw`node_modules[\\/]@tanstack[\\/]((react-router|router-core)[\\/]dist[\\/]esm[\\/]ssr[\\/]|` +
    String.raw`query-core[\\/].*[\\/]hydration\.js$)`,
)
/** The generator's JSONL stream decoder (with tRPC's server-side helpers it sits among): only its runs use it. */
const TRPC_STREAM_MODULE =
  /node_modules[\\/]@trpc[\\/]server[\\/]dist[\\/](resolveResponse|asyncGeneratorDelegate)-[^\\/]+\.mjs$/
const TRPC_CLIENT_MODULE = /node_modules[\\/]@trpc[\\/]client[\\/]/

/** Where the API server listens in development (apps/server). */
const apiTarget = process.env.API_URL ?? 'http://localhost:3000'

/**
 * NODE_ENV decides the build, as it does for Vite (which has made it production, when unset, before
 * it reads this file), and each kind has folders of its own: a production server never looks where
 * a development build lies, whatever turbo's cache restored beside it.
 */
const webBuildMode = webBuildModeFor(process.env.NODE_ENV)
const folders = WEB_BUILD_FOLDERS[webBuildMode]

export default defineConfig(({ isSsrBuild }) => ({
  // Only variables named for the browser reach import.meta.env. With Vite's default (VITE_), a
  // server secret someone prefixed VITE_ by mistake would be inlined into the Clerk chunk, whose
  // getEnvVariable() reads import.meta.env[name] and so pulls in the whole object (caught by
  // src/build/bundle-has-no-secrets.test.ts). The app reads no build-time variable today: the Clerk
  // publishable key comes from the server at run time (system.config).
  envPrefix: 'PROMPTLY_PUBLIC_',
  plugins: [
    // The router plugin must come before the React plugin: it writes src/routeTree.gen.ts
    // and splits each route's component into its own chunk.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    // Each Mantine component brings its own stylesheet, into the chunk that renders it.
    mantineComponentStyles(),
    // Form fields keep the ids the server rendered instead of re-rendering to random ones.
    stableMantineIds(),
    // .br and .gz siblings of the built text files, served by apps/server/src/web/web-app.ts.
    // Not for the server build (src/ssr/render-page.tsx), which only the server reads.
    ...(isSsrBuild ? [] : [precompress()]),
    // build-stamp.json in both folders, which the server checks before it serves them.
    buildMode(webBuildMode),
  ],
  ssr: {
    // The server imports its build at every start: the front-end packages go into it rather than
    // being loaded from node_modules, module by module (build-tools/server-render-bundled-packages.ts).
    noExternal: [serverRenderBundledPackage],
  },
  server: {
    port: 5173,
    proxy: {
      '/trpc': { target: apiTarget, changeOrigin: false },
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/trpc': { target: apiTarget, changeOrigin: false },
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    // The server build (`vite build --ssr src/ssr/render-page.tsx`) goes beside the browser's: the
    // server imports it to render public pages (apps/server/src/web/server-rendering.ts). A
    // development build's pair is dist-dev and dist-dev-server.
    outDir: isSsrBuild ? folders.server : folders.client,
    emptyOutDir: true,
    // scripts/check-bundle-size.ts reads dist/.vite/manifest.json to measure the home route; the
    // server reads it to link each rendered page's CSS and preload its chunks.
    manifest: !isSsrBuild,
    sourcemap: false,
    target: 'es2022',
    // No module-preload polyfill: every browser this ES2022 build runs in preloads modules itself,
    // but Safari before 17, which then fetches them when they are imported (slower, never broken).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // @trpc/client declares no "sideEffects" (its sibling @trpc/server says false), so its unused
      // WebSocket link stayed in the framework chunk. None of its modules is imported for a side effect.
      treeshake: { moduleSideEffects: [{ test: TRPC_CLIENT_MODULE, sideEffects: false }] },
      output: {
        // Every page needs React, the router, the query cache and the API client: one long-lived
        // chunk compresses better than the dozen fragments the default splitting makes of them.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: (id: string) =>
                FRAMEWORK_MODULE.test(id) &&
                !LAZY_FRAMEWORK_MODULE.test(id) &&
                !HYDRATION_MODULE.test(id) &&
                !TRPC_STREAM_MODULE.test(id),
            },
          ],
        },
      },
    },
  },
}))
