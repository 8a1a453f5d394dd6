/**
 * The packages the web app's server build (`vite build --ssr src/ssr/render-page.tsx`) bundles into
 * render-page.js instead of leaving them to Node to import from node_modules. The server imports that
 * build as it starts: left external, Mantine alone is some 800 ES modules for Node to resolve, read and
 * link (half a second of every start on a two-core machine), the router, the query cache and the
 * translations 200 more; bundled, they are the parts the pages use, in a few files.
 *
 * These are the front-end families and everything they depend on (their small helpers too: each is
 * files to load). Two kinds of package stay external, and must:
 * - React (react, react-dom, scheduler): one copy serves every component, bundled or not. Packages
 *   left external (recharts, @clerk/react, @dnd-kit, used by lazy chunks) import Node's React, so the
 *   bundled ones must too.
 * - What the server shares with the renderer (@trpc/client, @trpc/server, superjson, zod): the server
 *   hands it a tRPC client, and a route loader tells a missing tool from a failure with
 *   `isTRPCClientError`, an instanceof that a second copy of @trpc/client would answer false.
 * A package that declares a bundled one as a peer wants the host's copy (its context, its cache) and
 * is bundled with it: @trpc/tanstack-react-query with the query cache. The test beside this file
 * holds the list to these rules against the lockfile, and builds with it as Vite does.
 *
 * `scope/*` stands for every package of the scope.
 */
export const SERVER_RENDER_BUNDLED_PACKAGES: readonly string[] = [
  // The component library, and what it positions, traps focus and locks scrolling with.
  ...['@mantine/*', '@floating-ui/*', 'tabbable', 'clsx', 'react-number-format', 'type-fest', 'tagged-tag'],
  ...['react-remove-scroll', 'react-remove-scroll-bar', 'react-style-singleton', 'use-callback-ref', 'use-sidecar'],
  ...['get-nonce', 'detect-node-es', 'tslib', 'csstype'],
  // Notifications' transitions, and forms' helpers. Not react-is: recharts, left external, takes it as a peer.
  ...['react-transition-group', 'dom-helpers', 'prop-types', 'loose-envify', 'js-tokens', 'object-assign'],
  ...['@standard-schema/spec', 'fast-deep-equal', 'klona', '@babel/runtime'],
  // The router with its state serializer, the query cache, and tRPC's bindings to the cache.
  ...['@tanstack/*', 'seroval', 'seroval-plugins', 'cookie-es', 'isbot', 'use-sync-external-store'],
  '@trpc/tanstack-react-query',
  // Translations and icons.
  ...['i18next', 'react-i18next', 'html-parse-stringify', '@tabler/icons-react', '@tabler/icons'],
]

/** The list as Vite's `ssr.noExternal` takes it: one pattern, tested against each package's name. */
export const serverRenderBundledPackage = new RegExp(
  `^(${SERVER_RENDER_BUNDLED_PACKAGES.map((entry) =>
    entry.endsWith('/*') ? `${escaped(entry.slice(0, -1))}[^/]+` : escaped(entry),
  ).join('|')})$`,
)

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, String.raw`\$&`)
}
