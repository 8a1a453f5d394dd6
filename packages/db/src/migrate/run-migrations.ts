import { randomUUID } from 'node:crypto'

import type { Database } from '../client.ts'
import { DEFAULT_MIGRATIONS_DIR } from '../repo-paths.ts'
import { checksumMatches, readMigrationFiles, type MigrationFile } from './migration-files.ts'

export interface RunMigrationsOptions {
  /** Folder of `<name>/migration.sql` folders. Default: env MIGRATIONS_DIR, else the repo's prisma/migrations. */
  migrationsDir?: string
  log?: (msg: string) => void
}

/**
 * The advisory lock every runner takes. It is the key Prisma's own `migrate deploy` locks, so this
 * runner and the Prisma CLI never apply migrations at the same time either.
 */
export const MIGRATION_LOCK_KEY = 72707369

/** Thrown, before anything is applied, when the recorded history cannot be trusted. */
export class MigrationHistoryError extends Error {
  override name = 'MigrationHistoryError'
}

// Prisma's own DDL for its bookkeeping table (plus IF NOT EXISTS), so the Prisma CLI can later read
// and extend the history this runner writes: `prisma migrate status` / `deploy` see the same rows.
const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`

interface MigrationRow {
  id: string
  checksum: string
  migration_name: string
  logs: string | null
  started_at: Date
  finished_at: Date | null
  rolled_back_at: Date | null
}

/**
 * Applies the committed migrations the database does not have yet, oldest first, each in its own
 * transaction, and records them in `_prisma_migrations` the way Prisma's engine does. Safe to call
 * from several server instances at once: the whole run holds one database-wide lock, so each
 * migration is applied exactly once and late runners find nothing left to do.
 */
export async function runMigrations(db: Database, opts: RunMigrationsOptions = {}): Promise<{ applied: string[] }> {
  const migrationsDir = opts.migrationsDir ?? process.env.MIGRATIONS_DIR ?? DEFAULT_MIGRATIONS_DIR
  const log = opts.log ?? (() => undefined)
  // Read the files before taking the lock: a broken deployment fails without making others wait.
  const files = await readMigrationFiles(migrationsDir)

  return db.raw.withLock(MIGRATION_LOCK_KEY, async () => {
    await db.raw.exec(CREATE_MIGRATIONS_TABLE)
    const history = await db.raw.query<MigrationRow>(
      `SELECT id, checksum, migration_name, logs, started_at, finished_at, rolled_back_at
         FROM "_prisma_migrations" ORDER BY started_at, migration_name`,
    )
    const alreadyApplied = checkHistory(files, history, log)
    const pending = files.filter((file) => !alreadyApplied.has(file.name))
    if (pending.length === 0) log(`Database is up to date (${files.length} migrations)`)
    for (const migration of pending) {
      const started = Date.now()
      await applyMigration(db, migration)
      log(`Applied migration ${migration.name} in ${Date.now() - started} ms`)
    }
    return { applied: pending.map((file) => file.name) }
  })
}

/**
 * Refuses a history that cannot be built on, and returns the names already applied. A rolled-back
 * row does not count as applied (Prisma re-applies it too, after `migrate resolve --rolled-back`).
 */
function checkHistory(files: MigrationFile[], history: MigrationRow[], log: (msg: string) => void): Set<string> {
  const fileByName = new Map(files.map((file) => [file.name, file]))
  const applied = new Set<string>()
  for (const row of history) {
    if (row.rolled_back_at !== null) continue
    if (row.finished_at === null) {
      throw new MigrationHistoryError(
        `Migration ${row.migration_name} failed or was interrupted ` +
          `in an earlier run (started ${row.started_at.toISOString()})` +
          (row.logs ? `: ${row.logs}` : '') +
          `. Repair the database by hand, then mark the attempt rolled back ` +
          `(\`prisma migrate resolve --rolled-back ${row.migration_name}\`, or set rolled_back_at = now() ` +
          `on its _prisma_migrations row) and start again.`,
      )
    }
    const file = fileByName.get(row.migration_name)
    if (!file) {
      // A newer release (rolling deploy) may already have migrated further: this one still runs.
      log(`Migration ${row.migration_name} is applied in the database but has no folder here: skipping it`)
    } else if (!checksumMatches(file, row.checksum)) {
      throw new MigrationHistoryError(
        `Migration ${row.migration_name} was edited after it was applied: its migration.sql no longer ` +
          `matches the checksum recorded in _prisma_migrations. Restore the file and add a new migration instead.`,
      )
    }
    applied.add(row.migration_name)
  }
  return applied
}

/**
 * Prisma's sequence: a row saying the migration started, the script, then finished_at and the step
 * count. Script and "finished" commit together, so a crash never leaves a half-applied migration
 * marked as done; a failure is rolled back and leaves the started row, with the error in `logs`,
 * which stops later runs until someone looks.
 */
async function applyMigration(db: Database, migration: MigrationFile): Promise<void> {
  const id = randomUUID()
  await db.raw.query(
    `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count)
     VALUES ($1, $2, $3, now(), 0)`,
    [id, migration.checksum, migration.name],
  )
  try {
    await db.raw.transaction(async (tx) => {
      await tx.exec(migration.sql)
      await tx.query(
        `UPDATE "_prisma_migrations" SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1`,
        [id],
      )
    })
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    await db.raw.query(`UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1`, [id, reason])
    throw new Error(`Migration ${migration.name} failed and was rolled back: ${reason}`, { cause: error })
  }
}
