import { appendFile, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

import { openDatabase, type Database } from '../client.ts'
import { DEFAULT_MIGRATIONS_DIR } from '../repo-paths.ts'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts'
import { readMigrationFiles } from './migration-files.ts'
import { MigrationHistoryError, runMigrations } from './run-migrations.ts'

interface HistoryRow {
  migration_name: string
  checksum: string
  finished_at: Date | null
  rolled_back_at: Date | null
  applied_steps_count: number
  logs: string | null
}

const committed = await readMigrationFiles(DEFAULT_MIGRATIONS_DIR)
const committedNames = committed.map((file) => file.name)

function history(db: Database): Promise<HistoryRow[]> {
  return db.raw.query<HistoryRow>(
    `SELECT migration_name, checksum, finished_at, rolled_back_at, applied_steps_count, logs
       FROM "_prisma_migrations" ORDER BY migration_name, started_at`,
  )
}

async function tableNames(db: Database): Promise<string[]> {
  const rows = await db.raw.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
  )
  return rows.map((row) => row.table_name)
}

describe('runMigrations', () => {
  let db: TestDatabase | undefined
  let scratchDir: string | undefined

  afterEach(async () => {
    await db?.close()
    db = undefined
    if (scratchDir) await rm(scratchDir, { recursive: true, force: true })
    scratchDir = undefined
  })

  /** A copy of the committed migrations that a test may add to or edit. */
  async function copyOfMigrations(): Promise<string> {
    scratchDir = await mkdtemp(join(tmpdir(), 'promptly-migrations-'))
    await cp(DEFAULT_MIGRATIONS_DIR, scratchDir, { recursive: true })
    return scratchDir
  }

  async function addMigration(dir: string, name: string, sql: string): Promise<void> {
    await mkdir(join(dir, name))
    await writeFile(join(dir, name, 'migration.sql'), sql)
  }

  it('applies every committed migration to a fresh database and records each as Prisma does', async () => {
    db = await createTestDatabase({ migrate: false })
    expect(await tableNames(db)).toEqual([])

    const { applied } = await runMigrations(db)

    expect(applied).toEqual(committedNames)
    const rows = await history(db)
    expect(
      rows.map(({ migration_name, checksum, applied_steps_count, rolled_back_at }) => ({
        migration_name,
        checksum,
        applied_steps_count,
        rolled_back_at,
      })),
    ).toEqual(
      committed.map((file) => ({
        migration_name: file.name,
        checksum: file.checksum,
        applied_steps_count: 1,
        rolled_back_at: null,
      })),
    )
    expect(rows.every((row) => row.finished_at instanceof Date)).toBe(true)
    expect(await tableNames(db)).toEqual(
      expect.arrayContaining([
        '_prisma_migrations',
        'users',
        'tools',
        'bookmarks',
        'credit_entries',
        'generations',
        'plan_offers',
        'purchases',
        'referrals',
      ]),
    )
    expect(await db.prisma.tool.count()).toBe(0)
  })

  it('applies nothing to a database that is up to date', async () => {
    db = await createTestDatabase()
    const before = await history(db)

    const { applied } = await runMigrations(db)

    expect(applied).toEqual([])
    expect(await history(db)).toEqual(before)
  })

  it('applies each migration exactly once when two runners start at the same moment', async () => {
    db = await createTestDatabase({ migrate: false })
    // On PostgreSQL the second runner is a second pool, as a second server instance would be.
    const second = db.url ? await openDatabase({ url: db.url }) : db
    try {
      const [first, other] = await Promise.all([runMigrations(db), runMigrations(second)])
      expect([...first.applied, ...other.applied].sort()).toEqual(committedNames)
    } finally {
      if (second !== db) await second.close()
    }
    const rows = await history(db)
    expect(rows.map((row) => row.migration_name)).toEqual(committedNames)
  })

  it('refuses to start when an applied migration was edited afterwards, naming it', async () => {
    db = await createTestDatabase()
    const dir = await copyOfMigrations()
    const edited = committedNames[0]!
    await appendFile(join(dir, edited, 'migration.sql'), '\n-- edited after release\n')

    const run = runMigrations(db, { migrationsDir: dir })

    await expect(run).rejects.toThrow(MigrationHistoryError)
    await expect(run).rejects.toThrow(`Migration ${edited} was edited after it was applied`)
  })

  it('accepts the same migrations checked out with CRLF line endings', async () => {
    db = await createTestDatabase()
    const dir = await copyOfMigrations()
    for (const name of committedNames) {
      const path = join(dir, name, 'migration.sql')
      await writeFile(path, (await readFile(path, 'utf8')).replaceAll('\n', '\r\n'))
    }

    await expect(runMigrations(db, { migrationsDir: dir })).resolves.toEqual({ applied: [] })
  })

  it('applies a new migration on top of the applied ones', async () => {
    db = await createTestDatabase()
    const dir = await copyOfMigrations()
    await addMigration(dir, '29990101000000_add_tool_colour', 'ALTER TABLE "tools" ADD COLUMN "colour" TEXT;')

    const { applied } = await runMigrations(db, { migrationsDir: dir })

    expect(applied).toEqual(['29990101000000_add_tool_colour'])
    const columns = await db.raw.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'tools' AND column_name = 'colour'`,
    )
    expect(columns).toHaveLength(1)
  })

  it('rolls a failing migration back, records the failure, and refuses to start until it is resolved', async () => {
    db = await createTestDatabase()
    const dir = await copyOfMigrations()
    const broken = '29990102000000_broken'
    await addMigration(dir, broken, 'CREATE TABLE "half_done" ("id" INTEGER);\nSELECT 1 / 0;')

    await expect(runMigrations(db, { migrationsDir: dir })).rejects.toThrow(
      `Migration ${broken} failed and was rolled back`,
    )

    expect(await tableNames(db)).not.toContain('half_done')
    const failed = (await history(db)).find((row) => row.migration_name === broken)
    expect(failed).toMatchObject({ finished_at: null, rolled_back_at: null })
    expect(failed?.logs).toMatch(/division by zero/)

    const retry = runMigrations(db, { migrationsDir: dir })
    await expect(retry).rejects.toThrow(MigrationHistoryError)
    await expect(retry).rejects.toThrow(`Migration ${broken} failed or was interrupted in an earlier run`)

    // What `prisma migrate resolve --rolled-back` does; then the fixed migration goes through.
    await db.raw.query(`UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE migration_name = $1`, [broken])
    await writeFile(join(dir, broken, 'migration.sql'), 'CREATE TABLE "half_done" ("id" INTEGER);')
    await expect(runMigrations(db, { migrationsDir: dir })).resolves.toEqual({ applied: [broken] })
    expect(await tableNames(db)).toContain('half_done')
  })

  it('names the folder when a migration has no migration.sql', async () => {
    db = await createTestDatabase()
    const dir = await copyOfMigrations()
    await mkdir(join(dir, '29990103000000_empty'))

    await expect(runMigrations(db, { migrationsDir: dir })).rejects.toThrow(
      'Migration 29990103000000_empty has no readable migration.sql',
    )
  })
})
