// `npm run db:migrate`: applies the committed migrations to DATABASE_URL, or to the PGlite folder.
import { openDatabase } from '../client.ts'
import { databaseConfigFromEnv, describeDatabase } from '../config.ts'
import { runMigrations } from '../migrate/run-migrations.ts'

const config = databaseConfigFromEnv()
console.log(`Migrating ${describeDatabase(config)}`)
const db = await openDatabase(config)
try {
  const { applied } = await runMigrations(db, { log: console.log })
  console.log(applied.length === 0 ? 'Nothing to apply' : `Applied ${applied.length} migration(s)`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await db.close()
}
