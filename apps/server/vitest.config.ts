import { configDefaults } from 'vitest/config'

// A relative path, not `@promptly/db/...`: vitest bundles its config file, and a workspace package
// is left external, where Node cannot load TypeScript.
import { databaseTestConfig } from '../../packages/db/src/testing/vitest-config.ts'

// Suites of real server processes need a build first: `npm run test:instances` (vitest.processes.config.ts).
export default databaseTestConfig({ exclude: [...configDefaults.exclude, 'src/**/*.processes.test.ts'] })
