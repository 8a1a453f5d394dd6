import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The provider tests start loopback servers and wait on real (short) timeouts and retries;
    // a busy two-core machine needs headroom over the defaults.
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
})
