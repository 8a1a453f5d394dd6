// `npm run db:seed`: migrates (so it also works on a brand-new database), then loads the catalogue and plans.
import { openDatabase } from '../client.ts'
import { databaseConfigFromEnv, describeDatabase } from '../config.ts'
import { runMigrations } from '../migrate/run-migrations.ts'
import { seed } from '../seed/seed.ts'

const config = databaseConfigFromEnv()
console.log(`Seeding ${describeDatabase(config)}`)
const db = await openDatabase(config)
try {
  await runMigrations(db, { log: console.log })
  await seed(db, { log: console.log })
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await db.close()
}
