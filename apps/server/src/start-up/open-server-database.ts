import { fileURLToPath } from 'node:url'

import { openDatabase, type Database } from '@promptly/db/client'
import type { DatabaseConfig } from '@promptly/db/config'
import {
  PGLITE_TEMPLATE_FOLDER,
  startFromPGliteTemplate,
  type PGliteDataOrigin,
} from '@promptly/db/pglite-data-template'

/**
 * The server's database, as config names it. A new PGlite database in a folder starts as a copy of
 * the template the build made beside this bundle (scripts/build.ts), when there is one: a first start
 * then skips initdb. Not with SEED_ON_START off: the template holds the seed's catalogue, which such a
 * deployment asked not to get. `pgliteData` says which it was, for the start-up log; undefined on
 * PostgreSQL and in-memory PGlite.
 */
export async function openServerDatabase(
  config: DatabaseConfig,
  { seedOnStart }: { seedOnStart: boolean },
): Promise<{ db: Database; pgliteData: PGliteDataOrigin | undefined }> {
  const folder = templatedFolder(config, { seedOnStart })
  const pgliteData = folder === null ? undefined : await startFromPGliteTemplate(folder, TEMPLATE_DIR)
  return { db: await openDatabase(config), pgliteData }
}

/** The build's template, beside this bundle (absent when the server runs from source). */
const TEMPLATE_DIR = fileURLToPath(new URL(PGLITE_TEMPLATE_FOLDER, import.meta.url))

/**
 * The PGlite folder a template may be copied into: a folder on disk (not `memory://` nor another
 * scheme), and only when the start seeds anyway. Null otherwise (PostgreSQL included).
 */
export function templatedFolder(config: DatabaseConfig, { seedOnStart }: { seedOnStart: boolean }): string | null {
  if (!seedOnStart || !('pgliteDir' in config)) return null
  return /^[a-z]+:\/\//i.test(config.pgliteDir) ? null : config.pgliteDir
}
