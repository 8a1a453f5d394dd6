import { defineConfig } from 'vitest/config'

/**
 * The suites that start real server processes (`src/**\/*.processes.test.ts`), apart from the
 * in-process suite (vitest.config.ts leaves them out): they need a built server (`npm run build`)
 * and run with `npm run test:instances`. One file at a time, in one worker: each starts its own
 * processes, and two clusters at once on a two-core machine only slow each other down.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.processes.test.ts'],
    // Ceilings for a loaded machine, not expectations: starting both processes migrates and seeds a
    // new database; the tests wait for states.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    maxWorkers: 1,
    fileParallelism: false,
  },
})
