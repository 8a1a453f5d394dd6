import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'

import { readMigrationFiles } from '../migrate/migration-files.ts'
import { DEFAULT_MIGRATIONS_DIR } from '../repo-paths.ts'
import { seedPlans, seedTools } from '../seed/seed.ts'

/** What a test template database is made of, hashed, so a template built from other inputs is never reused. */
export interface TemplateKeys {
  migrationsDir: string
  /** Hash of each committed migration's name and checksum (plus `extra`). */
  schema: string
  /** Hash of the validated seed data and the seed code. */
  seed: string
}

/**
 * The keys of the templates for the current checkout. `extra` is what else the schema template
 * depends on for one kind of database (PGlite's version and extensions, for example).
 */
export async function templateKeys(extra: Record<string, unknown> = {}): Promise<TemplateKeys> {
  const migrationsDir = process.env.MIGRATIONS_DIR ?? DEFAULT_MIGRATIONS_DIR
  const migrations = await readMigrationFiles(migrationsDir)
  return {
    migrationsDir,
    schema: hashOf({ ...extra, migrations: migrations.map(({ name, checksum }) => [name, checksum]) }),
    seed: hashOf({
      tools: seedTools(),
      plans: seedPlans(),
      code: await readFile(new URL('../seed/seed.ts', import.meta.url), 'utf8'),
    }),
  }
}

function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16)
}
