/**
 * The contract between the web app's build (apps/web/vite.config.ts, build-tools/build-mode.ts) and
 * the server that serves it (apps/server/src/config/web-build-folders.ts): which build an environment
 * makes, where each kind goes, and the stamp that says which kind a folder holds.
 */
import { z } from 'zod'

/** React's development build (jsxDEV, its warnings) or its production one: never mixed in one folder. */
export const WEB_BUILD_MODES = ['production', 'development'] as const
export type WebBuildMode = (typeof WEB_BUILD_MODES)[number]

/**
 * The build an environment makes, and the one a server in it serves. Only NODE_ENV=development makes
 * a development build: unset, Vite builds for production (and `npm test` builds that way), and a test
 * or staging NODE_ENV gets the production build too rather than Vite's development one, so a test
 * server and the build it runs on agree.
 */
export function webBuildModeFor(nodeEnv: string | undefined): WebBuildMode {
  return nodeEnv === 'development' ? 'development' : 'production'
}

/**
 * Each mode's folders, relative to apps/web: the browser's build and the server's build
 * (src/ssr/render-page.tsx). Separate folders, because turbo restores a cached build over what is
 * there without removing the rest: a development build's files in the production folder outlived a
 * production `npm start` that answered from the cache.
 */
export const WEB_BUILD_FOLDERS: Record<WebBuildMode, { client: string; server: string }> = {
  production: { client: 'dist', server: 'dist-server' },
  development: { client: 'dist-dev', server: 'dist-dev-server' },
}

/** Written by each build into its output folder; the server reads it before serving the folder. */
export const BUILD_STAMP_FILE = 'build-stamp.json'

export const buildStampSchema = z.object({ mode: z.enum(WEB_BUILD_MODES) })
export type BuildStamp = z.infer<typeof buildStampSchema>
