import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

import {
  BUILD_STAMP_FILE,
  buildStampSchema,
  WEB_BUILD_FOLDERS,
  type WebBuildMode,
} from '@promptly/core/web/web-build-mode'

import { ConfigError, type Env } from './env.ts'

export interface WebBuildFolders {
  /** The browser's build (index.html, assets), served as files. */
  webDistDir: string
  /** The web app's server build (render-page.js), which renders public pages. */
  webServerDistDir: string
}

/** What the folders hold when the build is there: the server serves nothing from a folder without. */
const CLIENT_ENTRY = 'index.html'
const SERVER_ENTRY = 'render-page.js'

/**
 * A start-up refusal that is the operator's to fix, printed by main.ts as it is (one line, no
 * stack) like a bad setting: hence a ConfigError, whose message is the problem alone.
 */
export class UnservableWebBuildError extends ConfigError {
  constructor(problem: string) {
    super([problem])
    this.name = 'UnservableWebBuildError'
    this.message = problem
  }
}

/**
 * Where the web build this server serves lies: WEB_DIST_DIR and WEB_SERVER_DIST_DIR, else apps/web's
 * folders of the build this environment makes (a development build has folders of its own).
 *
 * A production server refuses to start on anything but a production build, read from the stamp each
 * build writes: visitors would get React's development build, and its server build stops with
 * "jsxDEV is not a function" under React's production one. A browser build without a stamp is
 * refused too (nothing says what it is); a server build without one is taken as it is, since only
 * `vite build` stamps and a hand-written renderer (as tests use) is no development build. Without a
 * browser build at all the server starts and serves the API alone, as before (web-app.ts warns).
 */
export function webBuildFolders(env: Env, repoRoot: string): WebBuildFolders {
  const folders = WEB_BUILD_FOLDERS[env.webBuildMode]
  const webDistDir = path.resolve(repoRoot, env.WEB_DIST_DIR ?? path.join('apps/web', folders.client))
  const webServerDistDir = path.resolve(repoRoot, env.WEB_SERVER_DIST_DIR ?? path.join('apps/web', folders.server))
  if (env.NODE_ENV === 'production') {
    const client = stampOf(webDistDir, CLIENT_ENTRY)
    if (client !== 'absent' && client !== 'production') refuse('web build', webDistDir, client)
    const server = stampOf(webServerDistDir, SERVER_ENTRY)
    if (server === 'development') refuse("web app's server build", webServerDistDir, server)
  }
  return { webDistDir, webServerDistDir }
}

/** What the stamp of a build folder says: `absent` when there is no build, `unstamped` when it says nothing. */
function stampOf(dir: string, entry: string): WebBuildMode | 'absent' | 'unstamped' {
  if (!existsSync(path.join(dir, entry))) return 'absent'
  const file = path.join(dir, BUILD_STAMP_FILE)
  if (!existsSync(file)) return 'unstamped'
  try {
    const stamp = buildStampSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')))
    return stamp.success ? stamp.data.mode : 'unstamped'
  } catch {
    return 'unstamped'
  }
}

function refuse(what: string, dir: string, stamp: 'development' | 'unstamped'): never {
  const found =
    stamp === 'unstamped'
      ? `the ${what} in ${dir} has no valid ${BUILD_STAMP_FILE}, so nothing says it is a production build`
      : `the ${what} in ${dir} is a development build (its ${BUILD_STAMP_FILE} says so)`
  throw new UnservableWebBuildError(
    `Refusing to start: ${found}, and a production server serves only a production build. Build one with ` +
      '`NODE_ENV=production npm run build` (or point WEB_DIST_DIR and WEB_SERVER_DIST_DIR at one), then start again.',
  )
}
