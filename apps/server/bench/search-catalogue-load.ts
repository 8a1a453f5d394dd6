import { performance } from 'node:perf_hooks'

import { fixtureCatalogue, insertToolsInBulk } from '@promptly/api/testing/catalogue-fixtures'
import type { Database } from '@promptly/db/client'

/** The search's trigram index (migration catalogue_search_columns), rebuilt after a bulk load. */
const SEARCH_INDEX = 'tools_search_text_trgm_idx'

export interface CatalogueGrowth {
  tools: number
  added: number
  seconds: number
}

/**
 * Tops the catalogue up to `count` tools with generated ones (fixtureCatalogue, numbered on from the
 * tools present). As PostgreSQL's guide to populating a database advises, the search index is dropped
 * for the load and built again from its own definition (pg_indexes), which is 2.5 times faster at
 * 100,000 tools than keeping it up to date row by row (the index is created WITH (fastupdate = off),
 * so every row pays its trigrams at once). On PostgreSQL, ANALYZE then gives the planner the
 * catalogue's real shape, as autovacuum would within a minute of the load: the bench measures that
 * steady state. PGlite runs no autovacuum (one process, no background workers), so a server on it
 * plans with no statistics at all, and so does the bench.
 */
export async function growCatalogue(db: Database, count: number): Promise<CatalogueGrowth> {
  const started = performance.now()
  const present = await toolCount(db)
  if (present < count) {
    const [index] = await db.raw.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE tablename = 'tools' AND indexname = $1`,
      [SEARCH_INDEX],
    )
    if (!index) throw new Error(`No index ${SEARCH_INDEX} on tools: has the search changed?`)
    await db.raw.exec(`DROP INDEX "${SEARCH_INDEX}"`)
    await insertToolsInBulk(db, fixtureCatalogue(count - present, present))
    await db.raw.exec(index.indexdef)
  }
  if (db.kind === 'postgres') await db.raw.exec('ANALYZE tools')
  return {
    tools: await toolCount(db),
    added: Math.max(0, count - present),
    seconds: (performance.now() - started) / 1000,
  }
}

async function toolCount(db: Database): Promise<number> {
  const [row] = await db.raw.query<{ tools: number }>('SELECT count(*)::int AS tools FROM tools')
  return row?.tools ?? 0
}
