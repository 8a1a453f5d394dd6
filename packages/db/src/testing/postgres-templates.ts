import { randomBytes } from 'node:crypto'
import type pg from 'pg'
import { z } from 'zod'

import { openDatabase, type Database } from '../client.ts'
import { runMigrations } from '../migrate/run-migrations.ts'
import { seed } from '../seed/seed.ts'
import {
  databasesNamed,
  databaseUrl,
  dropDatabase,
  onServer,
  startingWith,
  TEMPLATE_DATABASE_PREFIX,
} from './postgres-server.ts'
import { templateKeys } from './template-keys.ts'

/** Names of the template databases on the test server that test databases are cloned from. */
export interface PostgresTemplates {
  /** Every committed migration applied. */
  migrated: string
  /** The migrated one with the seed catalogue and plans loaded. */
  seeded: string
}

const postgresTemplatesSchema = z.object({ migrated: z.string(), seeded: z.string() })

/** Bump when the way templates are built changes, so no run reuses a template built the old way. */
const TEMPLATE_FORMAT = 1
/** Where the vitest globalSetup hands the templates it prepared to the test workers. */
export const POSTGRES_TEMPLATES_ENV = 'PROMPTLY_TEST_PG_TEMPLATES'
/** Held while templates are looked up or built, so concurrent test runs build each one once. */
const TEMPLATE_LOCK_KEY = 72707370
/** Templates of other migrations or seed data (other branches, older commits) unused this long are dropped. */
const UNUSED_TEMPLATE_MAX_AGE_MS = 60 * 60 * 1000
const LAST_USED = /^promptly test template, last used (\S+)$/

const templatesInThisProcess = new Map<string, Promise<PostgresTemplates>>()

/**
 * The template databases for the current migrations and seed data on the server at `serverUrl`,
 * built when missing. Cloning one (`CREATE DATABASE ... TEMPLATE`) copies files instead of running
 * every migration and the seed again. Each is named by a hash of what it is made of, so a template of
 * other migrations or seed data is never used, and kept between runs (the next run, and the other
 * packages' vitest processes, reuse it). Several processes may ask at once: they take turns on an
 * advisory lock and only the first builds. The vitest globalSetup resolves them before the workers
 * start and passes the names on in the environment; without it (a bench), this finds or builds them.
 */
export function postgresTemplates(serverUrl: string): Promise<PostgresTemplates> {
  let templates = templatesInThisProcess.get(serverUrl)
  if (!templates) {
    const prepared = process.env[POSTGRES_TEMPLATES_ENV]
    templates = prepared
      ? Promise.resolve(postgresTemplatesSchema.parse(JSON.parse(prepared)))
      : findOrBuildPostgresTemplates(serverUrl)
    templatesInThisProcess.set(serverUrl, templates)
  }
  return templates
}

/** Looks the templates up (or builds them) on every call: `postgresTemplates` remembers the answer. */
export async function findOrBuildPostgresTemplates(serverUrl: string): Promise<PostgresTemplates> {
  const keys = await templateKeys({ format: TEMPLATE_FORMAT })
  const templates: PostgresTemplates = {
    migrated: `${TEMPLATE_DATABASE_PREFIX}${keys.schema}`,
    seeded: `${TEMPLATE_DATABASE_PREFIX}${keys.schema}_${keys.seed}`,
  }
  return onServer(serverUrl, async (client) => {
    // Session-level: released by the unlock below, or by the server if this process dies.
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY])
    try {
      const existing = new Set(await databasesNamed(client, TEMPLATE_DATABASE_PREFIX))
      if (!existing.has(templates.migrated)) {
        await build(client, serverUrl, templates.migrated, null, (db) =>
          runMigrations(db, { migrationsDir: keys.migrationsDir }),
        )
      }
      if (!existing.has(templates.seeded)) {
        await build(client, serverUrl, templates.seeded, templates.migrated, (db) => seed(db))
      }
      await markUsed(client, Object.values(templates))
      await pruneUnused(client, Object.values(templates))
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY])
    }
    return templates
  })
}

/**
 * Builds `name` in a database of a private name, and renames it only when complete: a template
 * that exists is whole. The advisory lock lives in one database, so two runs pointed at different
 * maintenance databases of one server could both build: the second rename then fails and its copy goes.
 */
async function build(
  client: pg.Client,
  serverUrl: string,
  name: string,
  from: string | null,
  fill: (db: Database) => Promise<unknown>,
): Promise<void> {
  const partial = `${TEMPLATE_DATABASE_PREFIX}partial_${randomBytes(6).toString('hex')}`
  await client.query(`CREATE DATABASE "${partial}"${from ? ` TEMPLATE "${from}"` : ''}`)
  try {
    await markUsed(client, [partial])
    const db = await openDatabase({ url: databaseUrl(serverUrl, partial) })
    try {
      await fill(db)
    } finally {
      await db.close()
    }
    // No connections: cloning refuses a source database anyone is connected to.
    await client.query(`ALTER DATABASE "${partial}" WITH ALLOW_CONNECTIONS false`)
    await client.query(`ALTER DATABASE "${partial}" RENAME TO "${name}"`)
  } catch (error) {
    await dropDatabase(client, partial)
    const built = await databasesNamed(client, name)
    if (!built.includes(name)) throw error
  }
}

async function markUsed(client: pg.Client, names: string[]): Promise<void> {
  for (const name of names) {
    await client.query(
      `COMMENT ON DATABASE "${name}" IS 'promptly test template, last used ${new Date().toISOString()}'`,
    )
  }
}

async function pruneUnused(client: pg.Client, keep: string[]): Promise<void> {
  const { rows } = await client.query<{ datname: string; note: string | null }>(
    `SELECT datname, shobj_description(oid, 'pg_database') AS note FROM pg_database WHERE datname LIKE $1`,
    [startingWith(TEMPLATE_DATABASE_PREFIX)],
  )
  const now = Date.now()
  for (const { datname, note } of rows) {
    if (keep.includes(datname)) continue
    const lastUsed = Date.parse(note?.match(LAST_USED)?.[1] ?? '')
    if (!(now - lastUsed < UNUSED_TEMPLATE_MAX_AGE_MS)) await dropDatabase(client, datname)
  }
}
