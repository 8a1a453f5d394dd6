import { cp, mkdir, rename, rm, stat } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'

import { createPGlite, openDatabase } from './client.ts'
import { runMigrations } from './migrate/run-migrations.ts'
import { seed } from './seed/seed.ts'

/**
 * A PGlite data folder made at build time, for a new database to start from. A brand-new PGlite runs
 * initdb in WebAssembly, about 4 s on a quiet two-core machine and more than the rest of a first
 * start together; the build makes the template once, beside the other build work, and a first start
 * copies it (40 MB, a few hundred milliseconds).
 *
 * It is a head start, not a second way in: the template holds what the server's own start would
 * write (the committed migrations, applied and recorded by runMigrations, and the seed), and the
 * server still runs both on it. So a template older than the migrations gets the missing ones, one
 * that no longer matches them is refused like any database whose history was edited, and the seed
 * finds nothing to do. Without a template (a development run from source), a new database is made
 * the usual way.
 */

/** Where a built server looks for its template: beside its own bundle (scripts/build.ts puts it there). */
export const PGLITE_TEMPLATE_FOLDER = 'pglite-template'

/** The file PostgreSQL writes first in a data folder: present in any folder PGlite has opened. */
const DATA_FOLDER_MARKER = 'PG_VERSION'

/**
 * Builds the template at `targetDir`: a new PGlite in a folder beside it, migrated and seeded, closed
 * (a clean shutdown, nothing to recover), then moved into place. An existing template is replaced.
 */
export async function buildPGliteDataTemplate(targetDir: string, opts: { migrationsDir?: string } = {}): Promise<void> {
  const partial = partialFolderFor(targetDir)
  await rm(partial, { recursive: true, force: true })
  try {
    const db = await openDatabase({ pglite: await createPGlite(partial) })
    try {
      await runMigrations(db, opts)
      await seed(db)
    } finally {
      await db.close()
    }
    await rm(targetDir, { recursive: true, force: true })
    await rename(partial, targetDir)
  } catch (error) {
    await rm(partial, { recursive: true, force: true })
    throw error
  }
}

/** How a PGlite data folder came to be there, for the start-up log. */
export type PGliteDataOrigin = 'existing' | 'template' | 'new'

/**
 * Puts a copy of the template at `dataDir` when there is no database there yet. The copy is made
 * in a folder of its own and renamed into place, so a start that dies halfway leaves no half
 * database for the next start to open; a folder that is already there is never touched.
 */
export async function startFromPGliteTemplate(dataDir: string, templateDir: string): Promise<PGliteDataOrigin> {
  if (await exists(join(dataDir, DATA_FOLDER_MARKER))) return 'existing'
  if (!(await exists(join(templateDir, DATA_FOLDER_MARKER)))) return 'new'
  // An empty or half-made folder (a crash of an older version mid-initdb) is what PGlite would
  // stumble on too: the template takes its place only when nothing is there.
  if (await exists(dataDir)) return 'new'
  const partial = partialFolderFor(dataDir)
  await mkdir(dirname(resolve(dataDir)), { recursive: true })
  try {
    await cp(templateDir, partial, { recursive: true })
    await rename(partial, dataDir)
    return 'template'
  } catch (error) {
    await rm(partial, { recursive: true, force: true })
    // Another process put a database there first: open that one.
    if (await exists(join(dataDir, DATA_FOLDER_MARKER))) return 'existing'
    throw error
  }
}

function partialFolderFor(dir: string): string {
  return `${resolve(dir)}.partial-${process.pid}`
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  )
}
