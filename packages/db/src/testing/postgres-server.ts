import pg from 'pg'

/** Databases the test helpers create and drop are named with these prefixes only (hex and `_` after them). */
export const TEST_DATABASE_PREFIX = 'promptly_test_'
export const TEMPLATE_DATABASE_PREFIX = 'promptly_tpl_'

/**
 * Runs `work` on one connection to the server's maintenance database (the one TEST_DATABASE_URL
 * names), where CREATE/DROP DATABASE run: they cannot run inside a transaction or a pool's session.
 */
export async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** The URL of `database` on the same server, with the same credentials. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${database}`
  return url.toString()
}

/** Names of the databases on the server that start with `prefix` (a LIKE pattern's `_` escaped). */
export async function databasesNamed(client: pg.Client, prefix: string): Promise<string[]> {
  const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
    startingWith(prefix),
  ])
  return rows.map((row) => row.datname)
}

/** A LIKE pattern for names starting with `prefix` (whose `_` would otherwise match any character). */
export function startingWith(prefix: string): string {
  return `${prefix.replaceAll('_', '\\_')}%`
}

/** FORCE: a test that left a handle open must not keep its database alive. */
export async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
}
