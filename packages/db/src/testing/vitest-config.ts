import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig, type TestProjectInlineConfiguration, type ViteUserConfig } from 'vitest/config'

type SharedTestOptions = Omit<NonNullable<ViteUserConfig['test']>, 'projects' | 'include'>

const PGLITE_GLOBAL_SETUP = fileURLToPath(new URL('./pglite-global-setup.ts', import.meta.url))
const POSTGRES_GLOBAL_SETUP = fileURLToPath(new URL('./postgres-global-setup.ts', import.meta.url))
const SHARED_WORKER_SETUP = fileURLToPath(new URL('./shared-worker-setup.ts', import.meta.url))

/**
 * The vitest config of every package that tests against a database. Two projects:
 * - `pglite`: every `src/**\/*.test.ts` (and `bench/**\/*.test.ts`, the benches' own arithmetic), each
 *   test database an in-memory PGlite clone;
 * - `postgres`, only when TEST_DATABASE_URL is set: the integration tests (`src/**\/*.int.test.ts`)
 *   again, each in a new PostgreSQL database on that server (TEST_DB=postgres), cloned from a
 *   template database its globalSetup prepares.
 * `test` adds options shared by both (they are inherited through `extends: true`).
 *
 * Import it by relative path (`../../packages/db/src/testing/vitest-config.ts`), not as
 * `@promptly/db/...`: Vite 8 bundles a config's relative imports but hands bare package imports
 * to Node, and Node 20 cannot load a .ts file (the alternative is `vitest --configLoader runner`).
 */
export function databaseTestConfig(test: SharedTestOptions = {}): ViteUserConfig {
  const postgresServer = process.env.TEST_DATABASE_URL
  const projects: TestProjectInlineConfiguration[] = [
    {
      extends: true,
      test: { name: 'pglite', include: ['src/**/*.test.ts', 'bench/**/*.test.ts'], globalSetup: [PGLITE_GLOBAL_SETUP] },
    },
  ]
  if (postgresServer) {
    projects.push({
      extends: true,
      test: {
        name: 'postgres',
        include: ['src/**/*.int.test.ts'],
        env: { TEST_DB: 'postgres' },
        globalSetup: [POSTGRES_GLOBAL_SETUP],
      },
    })
  }
  return defineConfig({
    test: {
      // Cloning a database takes about a second and creating one from scratch a few, but on a
      // two-core machine running every package's tests at once a fresh PGlite database has taken
      // 28 s: these are ceilings for a busy machine, not expectations.
      testTimeout: 60_000,
      hookTimeout: 60_000,
      // One worker process runs file after file without re-importing the modules each one needs:
      // with a fresh module graph per file, importing and starting the server, Prisma and PGlite
      // cost more than the tests themselves (packages/api: 64 s of CPU isolated, 23 s shared).
      // Test files open their own databases and apps and close them; the setup file undoes stubs.
      isolate: false,
      // Vitest's default leaves a core idle (one worker on two cores): the server's suite ran 155 s in
      // one worker and 110 s in two, and it is the last to finish when every package tests at once.
      maxWorkers: availableParallelism(),
      setupFiles: [SHARED_WORKER_SETUP],
      ...test,
      projects,
    },
  })
}
