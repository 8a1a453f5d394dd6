import type { Plugin } from 'vite'

// A relative path, not `@promptly/core/...`: Vite bundles its config file and leaves a workspace
// package external, where Node cannot load TypeScript.
import { BUILD_STAMP_FILE, type BuildStamp, type WebBuildMode } from '../../../packages/core/src/web/web-build-mode.ts'

/**
 * Makes the build `mode` names (vite.config.ts picks it, and its folders, from NODE_ENV) and stamps
 * it: build-stamp.json in the output folder says which it is, and a production server refuses a
 * folder stamped otherwise (apps/server/src/config/web-build-folders.ts).
 */
export function buildMode(mode: WebBuildMode): Plugin {
  return {
    name: 'promptly:build-mode',
    apply: 'build',
    config() {
      // Vite makes React's development build for any NODE_ENV but production: a test or staging
      // NODE_ENV would put one in the production folder. Vite reads NODE_ENV after this hook.
      if (mode === 'production') process.env.NODE_ENV = 'production'
    },
    configResolved(config) {
      // Vite can still turn development on after the hooks (NODE_ENV=development in a .env file):
      // the stamp must say what was built, so such a build fails rather than land in the wrong folder.
      const built: WebBuildMode = config.isProduction ? 'production' : 'development'
      if (built !== mode) {
        throw new Error(`Vite is making a ${built} build where a ${mode} one belongs (${config.build.outDir})`)
      }
    },
    generateBundle() {
      const stamp: BuildStamp = { mode }
      this.emitFile({ type: 'asset', fileName: BUILD_STAMP_FILE, source: `${JSON.stringify(stamp)}\n` })
    },
  }
}
