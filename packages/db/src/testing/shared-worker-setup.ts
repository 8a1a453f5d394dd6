import { afterAll, vi } from 'vitest'

// Test files share one worker process (isolate: false in vitest-config.ts), which saves each file
// from importing the server, Prisma and PGlite again. What a file stubs for its own tests (a fetch
// that refuses the network, an environment variable, fake timers) is undone when the file is done,
// so the next file starts as it would have in a fresh process.
afterAll(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
  vi.useRealTimers()
})
