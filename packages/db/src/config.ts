import { isAbsolute, resolve } from 'node:path'
import { REPO_ROOT } from './repo-paths.ts'

/** Where the product's data lives: a PostgreSQL server, or an embedded PGlite folder. */
export type DatabaseConfig = { url: string } | { pgliteDir: string }

export const DEFAULT_PGLITE_DIR = '.data/pglite'

/**
 * PostgreSQL when DATABASE_URL is set; otherwise embedded PGlite in PGLITE_DIR (default
 * `.data/pglite`). A relative PGLITE_DIR is taken from the repo root, not the working directory:
 * npm and turbo run each workspace's scripts from its own folder, and the server, `db:migrate` and
 * `db:seed` must all open the same database. `memory://` (a throwaway database) is passed through.
 */
export function databaseConfigFromEnv(env: Record<string, string | undefined> = process.env): DatabaseConfig {
  const url = env.DATABASE_URL?.trim()
  if (url) return { url }
  const dir = env.PGLITE_DIR?.trim() || DEFAULT_PGLITE_DIR
  if (dir.startsWith('memory://') || isAbsolute(dir)) return { pgliteDir: dir }
  return { pgliteDir: resolve(REPO_ROOT, dir) }
}

/** For logs: which database, without the password a URL may carry. */
export function describeDatabase(config: DatabaseConfig): string {
  if ('pgliteDir' in config) return `PGlite at ${config.pgliteDir}`
  try {
    const url = new URL(config.url)
    if (url.password) url.password = '***'
    return `PostgreSQL at ${url.toString()}`
  } catch {
    return 'PostgreSQL (DATABASE_URL is not a valid URL)'
  }
}
