import { databaseTestConfig } from './src/testing/vitest-config.ts'

export default databaseTestConfig()
