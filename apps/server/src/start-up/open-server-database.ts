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
  let pgliteData: PGliteDataOrigin | undefined
  if (seedOnStart && 'pgliteDir' in config && !/^[a-z]+:\/\//i.test(config.pgliteDir)) {
    const templateDir = fileURLToPath(new URL(PGLITE_TEMPLATE_FOLDER, import.meta.url))
    pgliteData = await startFromPGliteTemplate(config.pgliteDir, templateDir)
  }
  return { db: await openDatabase(config), pgliteData }
}
