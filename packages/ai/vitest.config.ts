import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The provider tests start loopback servers and wait on real (short) timeouts and retries, and
    // @promptly/ai-local's (which shares this file) run real engines (flite, pocketsphinx, sharp).
    // These are ceilings for a two-core machine running every package's tests at once, where a 3 s
    // recognition has taken over 30 s: not expectations.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Files share one worker instead of importing the providers and engines afresh each (about a
    // third less CPU here); the database packages' setup file undoes each file's stubs after it.
    isolate: false,
    setupFiles: [fileURLToPath(new URL('../db/src/testing/shared-worker-setup.ts', import.meta.url))],
  },
})
