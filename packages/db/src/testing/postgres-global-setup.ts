import { databasesNamed, dropDatabase, onServer, TEST_DATABASE_PREFIX } from './postgres-server.ts'
import { POSTGRES_TEMPLATES_ENV, postgresTemplates } from './postgres-templates.ts'
import { startTestRun } from './test-run.ts'

/**
 * vitest globalSetup of the `postgres` project: finds or builds the migrated and seeded template
 * databases once, in the main process, and hands their names to the workers, which then only clone
 * them. Its teardown drops every database of this run that a test left behind.
 */
export default async function preparePostgresTemplates(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) throw new Error('The postgres test project needs TEST_DATABASE_URL')
  const run = startTestRun()
  process.env[POSTGRES_TEMPLATES_ENV] = JSON.stringify(await postgresTemplates(serverUrl))
  return () =>
    onServer(serverUrl, async (client) => {
      for (const name of await databasesNamed(client, `${TEST_DATABASE_PREFIX}${run}_`))
        await dropDatabase(client, name)
    })
}
