import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

// build-tools/: the plugins vite.config.ts adds (precompression), tested on files they write;
// scripts/: the build checks' decisions (bundle budgets).
const TESTS = '{src,build-tools,scripts}/**/*.test.{ts,tsx}'
const root = fileURLToPath(new URL('.', import.meta.url))
const SHARED_WORKER_SETUP = fileURLToPath(
  new URL('../../packages/db/src/testing/shared-worker-setup.ts', import.meta.url),
)

/** Every test file under `folder`, relative to this config, with its text. */
function testFilesIn(folder: string): Array<{ file: string; text: string }> {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${folder}/${file.split('\\').join('/')}`)
    .map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }))
}

const testFiles = [...testFilesIn('src'), ...testFilesIn('build-tools'), ...testFilesIn('scripts')]
const filesWhere = (test: (text: string) => boolean) =>
  testFiles.filter(({ text }) => test(text)).map(({ file }) => file)
/**
 * Test files that replace a module with `vi.mock`: a mock applies only when the module is first
 * imported, so these need a module graph of their own. The rest share one (isolate: false), which
 * saves importing React, Mantine and the router again for every file: on this two-core machine the
 * suite took 97 s isolated and 54 s shared. src/test/setup.ts resets the DOM and storage after each test.
 */
const isolated = filesWhere((text) => text.includes('vi.mock('))
// Files that ask for Node (the build checks, SSR streaming, the texts): no DOM, so no DOM setup.
// Each in a fresh module graph: zod-without-eval must load zod itself, after configuring it.
const inNode = filesWhere((text) => text.includes('@vitest-environment node')).filter(
  (file) => !isolated.includes(file),
)

/**
 * Each kind of file runs in a group of its own, one group after the other (sequence.groupOrder).
 * Vitest hands a shared worker its next file only when that file is of the same project and
 * environment; within one group, files are ordered by size and past duration, so a node file or
 * an isolated one between two page tests ended the happy-dom worker and the next page test
 * imported the app again in a new one (15 worker processes in a run). Grouped, the two happy-dom
 * workers run every shared file (10 processes in all), and the suite's CPU fell from 78-93 s to
 * 64-74 s. The second setup file undoes a file's stubs and fake timers once it is done, for the
 * next file sharing the worker.
 */
const domSetup = ['src/test/setup.ts', SHARED_WORKER_SETUP]
const projects: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: { name: 'dom', include: [TESTS], exclude: [...inNode, ...isolated], isolate: false, setupFiles: domSetup },
  },
]
if (inNode.length > 0) {
  projects.push({
    extends: true,
    test: {
      name: 'node',
      include: inNode,
      environment: 'node',
      sequence: { groupOrder: 1 },
    },
  })
}
if (isolated.length > 0) {
  projects.push({
    extends: true,
    test: { name: 'dom-mocks', include: isolated, setupFiles: domSetup, sequence: { groupOrder: 2 } },
  })
}

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'happy-dom',
    // As in packages/db/src/testing/vitest-config.ts: one worker per core, not one less.
    maxWorkers: availableParallelism(),
    css: false,
    restoreMocks: true,
    // A ceiling, not a wait: page tests render the whole app (router, lazy chunks, every text through
    // the translation layer), and with CI's other suites beside them one took over 20 s.
    testTimeout: 60_000,
    projects,
  },
})
