import { isAbsolute, join, resolve } from 'node:path'

import { REPO_ROOT } from './repo-paths.ts'

/** Where the product's data lives: a PostgreSQL server, or an embedded PGlite folder. */
export type DatabaseConfig = { url: string } | { pgliteDir: string }

export const DEFAULT_DATA_DIR = '.data'

/** The settings these resolvers read (the server's validated env, or process.env for the scripts). */
export interface DataEnv {
  DATA_DIR?: string | undefined
  PGLITE_DIR?: string | undefined
  DATABASE_URL?: string | undefined
}

/**
 * The product's data folder: DATA_DIR (default `.data`), a relative one taken from the repo root,
 * not the working directory: npm and turbo run each workspace's scripts from its own folder, and
 * the server, `db:migrate` and `db:seed` must all find the same files.
 */
export function dataDirFromEnv(env: DataEnv = process.env, repoRoot = REPO_ROOT): string {
  return resolve(repoRoot, env.DATA_DIR?.trim() || DEFAULT_DATA_DIR)
}

/**
 * PostgreSQL when DATABASE_URL is set; otherwise embedded PGlite in PGLITE_DIR (default
 * `$DATA_DIR/pglite`), relative to the repo root like DATA_DIR. `memory://` (a throwaway database)
 * is passed through. The one resolver: the server and the db:* scripts both call it.
 */
export function databaseConfigFromEnv(env: DataEnv = process.env, repoRoot = REPO_ROOT): DatabaseConfig {
  const url = env.DATABASE_URL?.trim()
  if (url) return { url }
  const dir = env.PGLITE_DIR?.trim()
  if (!dir) return { pgliteDir: join(dataDirFromEnv(env, repoRoot), 'pglite') }
  if (dir.startsWith('memory://') || isAbsolute(dir)) return { pgliteDir: dir }
  return { pgliteDir: resolve(repoRoot, dir) }
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
