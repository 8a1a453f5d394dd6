// A relative path, not `@promptly/db/...`: vitest bundles its config file, and a workspace package
// is left external, where Node cannot load TypeScript.
import { databaseTestConfig } from '../../packages/db/src/testing/vitest-config.ts'

export default databaseTestConfig()
