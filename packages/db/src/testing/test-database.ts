import { randomBytes } from 'node:crypto'

import { openDatabase, type Database, type OpenDatabaseOptions } from '../client.ts'
import { clonePGliteTemplate } from './pglite-template-clone.ts'
import { pgliteTemplates } from './pglite-templates.ts'
import { databaseUrl, dropDatabase, onServer, TEST_DATABASE_PREFIX } from './postgres-server.ts'
import { postgresTemplates } from './postgres-templates.ts'
import { testRunTag } from './test-run.ts'

export interface TestDatabaseOptions {
  /** Also load the seed catalogue and plan offers. Default false. */
  seed?: boolean
  /** Apply the committed migrations. Default true; false gives a blank database (migration tests). */
  migrate?: boolean
  /** Observe every SQL statement the Prisma client sends (to assert query counts). */
  onQuery?: OpenDatabaseOptions['onQuery']
}

export interface TestDatabase extends Database {
  /**
   * Where a second connection to this same database can be opened (a second server instance), or
   * null on PGlite, whose only connection is this handle.
   */
  url: string | null
}

/**
 * A fresh database of its own for one test or file, migrated (and seeded) unless asked otherwise.
 * In-memory PGlite by default; a new PostgreSQL database when env TEST_DB=postgres (the `postgres`
 * vitest project sets it), created on TEST_DATABASE_URL's server and dropped on close(). Both are
 * clones of a template built once (see pglite-templates.ts, postgres-templates.ts). Always close it.
 */
export async function createTestDatabase(opts: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const { seed: withSeed = false, migrate = true, onQuery } = opts
  if (withSeed && !migrate) throw new Error('createTestDatabase: a seeded database must be migrated')
  if (process.env.TEST_DB === 'postgres') return createPostgresDatabase(migrate, withSeed, { onQuery })
  const templates = await pgliteTemplates()
  return clonePGlite(withSeed ? templates.seeded : migrate ? templates.migrated : templates.blank, { onQuery })
}

/** A clone of a prepared template: about 0.5 s of CPU, against about 5 s for a brand-new PGlite. */
async function clonePGlite(templatePath: string, opts: OpenDatabaseOptions): Promise<TestDatabase> {
  const pglite = await clonePGliteTemplate(templatePath)
  return { ...(await openDatabase({ pglite }, opts)), url: null }
}

async function createPostgresDatabase(
  migrate: boolean,
  withSeed: boolean,
  opts: OpenDatabaseOptions,
): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL: a PostgreSQL server where tests may create databases')
  }
  const templates = migrate ? await postgresTemplates(serverUrl) : null
  const template = templates && (withSeed ? templates.seeded : templates.migrated)
  const name = `${TEST_DATABASE_PREFIX}${testRunTag()}_${randomBytes(6).toString('hex')}`
  await onServer(serverUrl, (client) =>
    client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`),
  )
  const url = databaseUrl(serverUrl, name)
  const db = await openDatabase({ url }, opts)
  let dropped: Promise<void> | undefined
  return {
    ...db,
    url,
    close() {
      dropped ??= db.close().then(() => onServer(serverUrl, (client) => dropDatabase(client, name)))
      return dropped
    },
  }
}
