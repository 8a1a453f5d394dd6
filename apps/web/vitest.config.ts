import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

// build-tools/: the plugins vite.config.ts adds (precompression), tested on files they write.
const TESTS = '{src,build-tools}/**/*.test.{ts,tsx}'
const root = fileURLToPath(new URL('.', import.meta.url))
const SHARED_WORKER_SETUP = fileURLToPath(
  new URL('../../packages/db/src/testing/shared-worker-setup.ts', import.meta.url),
)

/**
 * Test files that replace a module with `vi.mock`: a mock applies only when the module is first
 * imported, so these need a module graph of their own. The rest share one (isolate: false), which
 * saves importing React, Mantine and the router again for every file: on this two-core machine the
 * suite took 97 s isolated and 54 s shared. src/test/setup.ts resets the DOM and storage after each test.
 */
function filesThatMockModules(): string[] {
  return readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `src/${file.split('\\').join('/')}`)
    .filter((file) => readFileSync(join(root, file), 'utf8').includes('vi.mock('))
}

const isolated = filesThatMockModules()
const projects: TestProjectInlineConfiguration[] = [
  { extends: true, test: { name: 'dom', include: [TESTS], exclude: isolated, isolate: false } },
]
if (isolated.length > 0) projects.push({ extends: true, test: { name: 'dom-mocks', include: isolated } })

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'happy-dom',
    // As in packages/db/src/testing/vitest-config.ts: one worker per core, not one less.
    maxWorkers: availableParallelism(),
    // The second undoes a file's stubs and fake timers once it is done, for the next file sharing the worker.
    setupFiles: ['src/test/setup.ts', SHARED_WORKER_SETUP],
    css: false,
    restoreMocks: true,
    // A ceiling, not a wait: page tests render the whole app (router, lazy chunks, every text through
    // the translation layer), and with CI's other suites beside them one took over 20 s.
    testTimeout: 60_000,
    projects,
  },
})
