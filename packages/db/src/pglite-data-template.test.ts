import { cp, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { openDatabase, type Database } from './client.ts'
import { readMigrationFiles } from './migrate/migration-files.ts'
import { runMigrations } from './migrate/run-migrations.ts'
import { buildPGliteDataTemplate, startFromPGliteTemplate } from './pglite-data-template.ts'
import { DEFAULT_MIGRATIONS_DIR } from './repo-paths.ts'
import { seed, seedTools } from './seed/seed.ts'

const committed = (await readMigrationFiles(DEFAULT_MIGRATIONS_DIR)).map((file) => file.name)
const newest = committed.at(-1)!

let work: string
let template: string

// One template for the file (a new PGlite runs initdb: seconds), made as an older build would have
// made it: before the newest migration, which a server starting on a copy must then apply itself.
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'promptly-pglite-template-'))
  const olderMigrations = join(work, 'migrations')
  await cp(DEFAULT_MIGRATIONS_DIR, olderMigrations, { recursive: true })
  await rm(join(olderMigrations, newest), { recursive: true })
  template = join(work, 'template')
  await buildPGliteDataTemplate(template, { migrationsDir: olderMigrations })
})
afterAll(() => rm(work, { recursive: true, force: true }))

async function opened(dataDir: string, work: (db: Database) => Promise<void>): Promise<void> {
  const db = await openDatabase({ pgliteDir: dataDir })
  try {
    await work(db)
  } finally {
    await db.close()
  }
}

const appliedNames = async (db: Database) =>
  (
    await db.raw.query<{ migration_name: string }>(
      'SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL ORDER BY migration_name',
    )
  ).map((row) => row.migration_name)

describe('a new PGlite database from the build-time template', () => {
  it('holds the seed and the migrations of its build; the start applies the newer ones and seeds nothing', async () => {
    const dataDir = join(work, 'first', 'pglite')

    expect(await startFromPGliteTemplate(dataDir, template)).toBe('template')

    await opened(dataDir, async (db) => {
      expect(await appliedNames(db)).toEqual(committed.filter((name) => name !== newest))
      expect(await db.prisma.tool.count()).toBe(seedTools().length)
      const before = await db.prisma.tool.findMany({ orderBy: { slug: 'asc' } })

      expect(await runMigrations(db)).toEqual({ applied: [newest] })
      await seed(db)

      expect(await appliedNames(db)).toEqual(committed)
      expect(await db.prisma.tool.findMany({ orderBy: { slug: 'asc' } })).toEqual(before)
    })
  })

  it('is copied, never opened: what one database writes, the next copy does not hold', async () => {
    const first = join(work, 'writes', 'pglite')
    await startFromPGliteTemplate(first, template)
    await opened(first, (db) => db.raw.exec('DELETE FROM tools'))

    const second = join(work, 'after-writes', 'pglite')
    await startFromPGliteTemplate(second, template)

    await opened(second, async (db) => expect(await db.prisma.tool.count()).toBe(seedTools().length))
  })

  it('never replaces a database that is there', async () => {
    const dataDir = join(work, 'existing', 'pglite')
    await startFromPGliteTemplate(dataDir, template)
    await opened(dataDir, (db) => db.raw.exec('DELETE FROM plan_offers'))

    expect(await startFromPGliteTemplate(dataDir, template)).toBe('existing')

    await opened(dataDir, async (db) => expect(await db.prisma.planOffer.count()).toBe(0))
  })

  it('leaves a new database to PGlite when there is no template, or a folder is in the way', async () => {
    const noTemplate = join(work, 'no-template', 'pglite')
    expect(await startFromPGliteTemplate(noTemplate, join(work, 'nowhere'))).toBe('new')
    await expect(stat(noTemplate)).rejects.toThrow()

    const emptyFolder = join(work, 'empty-folder', 'pglite')
    await mkdir(emptyFolder, { recursive: true })
    expect(await startFromPGliteTemplate(emptyFolder, template)).toBe('new')
    expect(await readdir(emptyFolder)).toEqual([])
  })

  it('leaves no half-copied folder behind', async () => {
    const parent = join(work, 'tidy')
    await startFromPGliteTemplate(join(parent, 'pglite'), template)

    expect(await readdir(parent)).toEqual(['pglite'])
  })
})
